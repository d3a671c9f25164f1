import Foundation

/// Facts stated in ordinary sentences, read by following the grammar of a few kinds of
/// statement: "My name is …", "I was born on the 1st of January 1990 in …", "I am 34 years
/// old", "I work at … as a …", "I live in …", "My hobbies are …", and, for any other field,
/// "my/the <field> is …". No model and no table of answers: a field's labels say which kind of
/// statement answers it, and the first sentence of that kind that holds a value gives it.
enum AiSentenceReader {
    /// What a field asks for, read from its key, display name, description and prompt.
    enum Concept: Equatable, Sendable {
        case firstName, lastName, fullName
        case dateOfBirth, yearOfBirth, placeOfBirth, age
        case employer, jobTitle
        case city, location, address
        case email, phone
        case hobbies, languages, nationality
        /// Any other field: "my <label> is …", "the <label> was …".
        case stated
    }

    /// A value and the sentence that states it.
    struct Fact: Equatable, Sendable {
        var value: String
        var sentence: String
    }

    // MARK: - Concepts

    /// The kind of statement that answers a field known by `labels`.
    static func concept(of labels: [String]) -> Concept {
        let words = Set(labels.flatMap { AiEmulation.normalized($0).split(separator: " ").map(String.init) })
        func has(_ any: String...) -> Bool { any.contains(where: words.contains) }
        if has("first", "given") && has("name", "names") || has("forename") { return .firstName }
        if has("last", "family") && has("name", "names") || has("surname") { return .lastName }
        if has("birth", "born") && has("year") { return .yearOfBirth }
        if has("birthplace") || has("birth", "born") && has("place", "city", "country", "town", "where") { return .placeOfBirth }
        if has("birth", "birthday", "born", "dob") { return .dateOfBirth }
        if has("age") || has("old") && has("how") { return .age }
        if has("employer", "company", "organization", "organisation", "workplace", "firm") { return .employer }
        if has("job", "occupation", "profession", "position", "title", "role") { return .jobTitle }
        if has("address") { return .address }
        if has("email", "mail") { return .email }
        if has("phone", "telephone", "mobile") { return .phone }
        if has("hobby", "hobbies", "interest", "interests", "pastime", "pastimes") { return .hobbies }
        if has("language", "languages") { return .languages }
        if has("nationality", "citizenship") { return .nationality }
        if has("city", "town") { return .city }
        if has("location", "residence", "live", "lives", "home") { return .location }
        if has("name", "person", "fullname") { return .fullName }
        return .stated
    }

    /// The first fact the documents state for a field known by `labels`.
    static func fact(for labels: [String], in documents: [AiDocument]) -> (fact: Fact, document: AiDocument)? {
        let concept = concept(of: labels)
        for document in documents {
            for sentence in sentences(of: document.text) {
                if let value = value(of: concept, labels: labels, in: sentence) {
                    return (Fact(value: value, sentence: sentence), document)
                }
            }
        }
        return nil
    }

    /// What `sentence` states for `concept`, if it states it.
    static func value(of concept: Concept, labels: [String], in sentence: String) -> String? {
        let words = Words(sentence)
        switch concept {
        case .fullName:
            return fullName(in: words)
        case .firstName:
            return fullName(in: words).flatMap { $0.split(separator: " ").first.map(String.init) }
        case .lastName:
            return fullName(in: words).flatMap { name in
                let parts = name.split(separator: " ")
                return parts.count > 1 ? parts.last.map(String.init) : nil
            }
        case .dateOfBirth:
            guard let after = words.after(["born"], ["birthday"], ["birth", "date"], ["date", "of", "birth"], ["dob"]) else { return nil }
            return AiDates.date(in: after).map(AiDates.isoDay)
        case .yearOfBirth:
            guard let after = words.after(["born"], ["birthday"], ["date", "of", "birth"], ["dob"]) else { return nil }
            if let date = AiDates.date(in: after) { return String(AiDates.isoDay(date).prefix(4)) }
            return after.lowered.first { $0.count == 4 && Int($0).map { (1000...2999).contains($0) } == true }
        case .placeOfBirth:
            guard let born = words.index(of: ["born"]) else { return nil }
            return words.properRun(after: ["in"], from: born + 1, includingRegion: true)
        case .age:
            return age(in: words)
        case .employer:
            for phrase in [["work", "at"], ["work", "for"], ["works", "at"], ["works", "for"], ["working", "at"], ["working", "for"],
                           ["worked", "at"], ["worked", "for"], ["employed", "by"], ["employed", "at"], ["employee", "of"], ["job", "at"],
                           ["employer", "is"], ["company", "is"]] {
                if let start = words.index(of: phrase), let run = words.properRun(at: start + phrase.count, includingRegion: false) {
                    return run
                }
            }
            return nil
        case .jobTitle:
            return jobTitle(in: words)
        case .city:
            return residence(in: words).map { $0.components(separatedBy: ", ").first ?? $0 }
        case .location:
            return residence(in: words)
        case .address:
            for phrase in [["address", "is"], ["live", "at"], ["lives", "at"], ["living", "at"], ["reside", "at"], ["resides", "at"]] {
                if let start = words.index(of: phrase) {
                    let rest = words.text(from: start + phrase.count)
                    if !rest.isEmpty, rest.contains(where: \.isNumber) { return rest }
                }
            }
            return nil
        case .email:
            return words.raw.map(Words.stripped).first { $0.contains("@") && $0.contains(".") && !$0.hasPrefix("@") }
        case .phone:
            guard let start = words.index(of: ["phone"]) ?? words.index(of: ["number"]) ?? words.index(of: ["mobile"]) ?? words.index(of: ["call"]) else {
                return nil
            }
            let rest = words.text(from: start + 1)
            let allowed = Set("+0123456789 -().")
            let phone = rest.drop { !$0.isNumber && $0 != "+" && $0 != "(" }.prefix { allowed.contains($0) }
                .trimmingCharacters(in: CharacterSet(charactersIn: " -."))
            return phone.filter(\.isNumber).count >= 7 ? phone : nil
        case .hobbies:
            return list(in: words, after: [["hobbies", "are"], ["hobby", "is"], ["hobbies", "include"], ["interests", "are"],
                                           ["interests", "include"], ["interest", "is"], ["i", "enjoy"], ["i", "like"], ["i", "love"],
                                           ["free", "time", "i"], ["spare", "time", "i"]])
        case .languages:
            return list(in: words, after: [["i", "speak"], ["languages", "are"], ["language", "is"], ["speaks"], ["fluent", "in"]])
        case .nationality:
            if let start = words.index(of: ["nationality", "is"]) { return words.text(from: start + 2).nilIfEmpty }
            if let start = words.index(of: ["citizen", "of"]) { return words.properRun(at: start + 2, includingRegion: false) }
            return nil
        case .stated:
            return stated(labels: labels, in: words)
        }
    }

    // MARK: - Statements

    /// "My name is Ann Smith", "I am Ann Smith", "I'm Ann", "This is Ann Smith", "Ann Smith is …",
    /// "… called/named Ann Smith".
    private static func fullName(in words: Words) -> String? {
        for phrase in [["my", "name", "is"], ["name", "is"], ["i", "am"], ["i'm"], ["this", "is"], ["called"], ["named"],
                       ["full", "name", "is"], ["name:"]] {
            if let start = words.index(of: phrase), let run = words.properRun(at: start + phrase.count, includingRegion: false) {
                return run
            }
        }
        // A sentence that opens with a name of at least two words and a verb: "Ann Smith was born …".
        if let run = words.properRun(at: 0, includingRegion: false), run.split(separator: " ").count >= 2,
           let next = words.lowered.dropFirst(run.split(separator: " ").count).first,
           ["is", "was", "works", "worked", "lives", "lived", "has", "speaks", "enjoys", "likes", "loves", "joined"].contains(next) {
            return run
        }
        return nil
    }

    /// "I am 34 years old", "a 34-year-old", "aged 34", "my age is 34", "age: 34".
    private static func age(in words: Words) -> String? {
        let lowered = words.lowered
        for (index, word) in lowered.enumerated() {
            if word.hasSuffix("-year-old"), let number = Int(word.dropLast("-year-old".count)) { return String(number) }
            if let number = Int(word), index + 2 < lowered.count, ["years", "year"].contains(lowered[index + 1]), lowered[index + 2] == "old" {
                return String(number)
            }
            if ["aged", "age"].contains(word) {
                let following = lowered[(index + 1)...].prefix(3)
                if let number = following.compactMap({ Int($0) }).first { return String(number) }
            }
        }
        return nil
    }

    /// "I work as a software engineer at …", "I am a nurse", "my job title is Head of Sales".
    private static func jobTitle(in words: Words) -> String? {
        for phrase in [["job", "title", "is"], ["title", "is"], ["position", "is"], ["role", "is"], ["occupation", "is"],
                       ["profession", "is"]] {
            if let start = words.index(of: phrase) { return words.text(from: start + phrase.count).nilIfEmpty }
        }
        let articles: Set<String> = ["a", "an", "the"]
        for phrase in [["work", "as"], ["works", "as"], ["working", "as"], ["worked", "as"], ["employed", "as"], ["as"], ["i", "am"],
                       ["i'm"], ["is"]] {
            guard let start = words.index(of: phrase) else { continue }
            var index = start + phrase.count
            // "I am …", "… is …" and a lone "as" name a job only with an article: "I am a nurse",
            // "at Contoso as a designer", not "I am happy" or "as soon as".
            let needsArticle = phrase.count == 1 || phrase.first == "i"
            if index < words.count, articles.contains(words.lowered[index]) {
                index += 1
            } else if needsArticle {
                continue
            }
            var title: [String] = []
            let stops: Set<String> = ["at", "for", "in", "with", "and", "since", "from", "who", "of", "on", "by"]
            while index < words.count, !stops.contains(words.lowered[index]), title.count < 6 {
                title.append(Words.stripped(words.raw[index]))
                if words.raw[index].last.map(",.;:!?".contains) == true { break }
                index += 1
            }
            // "I am 34 years old" and "I am happy" are not job titles: a title follows an article.
            if !title.isEmpty, !title.contains(where: { $0.first?.isNumber == true }) { return title.joined(separator: " ") }
        }
        return nil
    }

    /// "I live in San Francisco", "based in Berlin, Germany", "resides in Oslo".
    private static func residence(in words: Words) -> String? {
        for phrase in [["live", "in"], ["lives", "in"], ["living", "in"], ["based", "in"], ["reside", "in"], ["resides", "in"],
                       ["located", "in"], ["moved", "to"], ["home", "is", "in"], ["i'm", "from"], ["am", "from"], ["comes", "from"]] {
            if let start = words.index(of: phrase), let run = words.properRun(at: start + phrase.count, includingRegion: true) {
                return run
            }
        }
        return nil
    }

    /// The items after one of `phrases`, as written: "reading, chess and swimming".
    private static func list(in words: Words, after phrases: [[String]]) -> String? {
        for phrase in phrases {
            guard let start = words.index(of: phrase) else { continue }
            var rest = words.text(from: start + phrase.count)
            for lead in ["to ", "playing the ", "playing "] where rest.lowercased().hasPrefix(lead) && phrase.last != "speak" {
                rest = String(rest.dropFirst(lead.count))
                break
            }
            if !rest.isEmpty { return rest }
        }
        return nil
    }

    /// "My favourite colour is blue", "the project code was X-12", "<label>: value".
    private static func stated(labels: [String], in words: Words) -> String? {
        for label in labels {
            let phrase = AiEmulation.normalized(label).split(separator: " ").map(String.init)
            guard !phrase.isEmpty, phrase.count <= 6, let start = words.index(of: phrase) else { continue }
            let next = start + phrase.count
            guard next < words.count, ["is", "are", "was", "were", "equals"].contains(words.lowered[next]) else { continue }
            if let value = words.text(from: next + 1).nilIfEmpty { return value }
        }
        return nil
    }

    // MARK: - Sentences and words

    /// Titles after which a full stop does not end the sentence.
    private static let titles: Set<String> = ["mr", "mrs", "ms", "dr", "prof", "st"]

    /// The sentences of a text: its lines, cut after `.`, `!` or `?` followed by a space.
    static func sentences(of text: String) -> [String] {
        var result: [String] = []
        for line in AiEmulation.lines(of: text) {
            var current = ""
            let characters = Array(line)
            for (index, character) in characters.enumerated() {
                current.append(character)
                guard ".!?".contains(character), index + 1 == characters.count || characters[index + 1] == " " else { continue }
                let lastWord = current.dropLast().split(separator: " ").last.map { $0.lowercased() } ?? ""
                if character == ".", titles.contains(lastWord) { continue }
                let sentence = current.trimmingCharacters(in: .whitespaces)
                if !sentence.isEmpty { result.append(sentence) }
                current = ""
            }
            let rest = current.trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { result.append(rest) }
        }
        return result
    }

    /// The words of one sentence, as written and lowercased without punctuation.
    struct Words {
        let raw: [String]
        let lowered: [String]
        var count: Int { raw.count }

        init(_ sentence: String) {
            raw = sentence.split(whereSeparator: \.isWhitespace).map(String.init)
            lowered = raw.map { Words.stripped($0).lowercased().replacingOccurrences(of: "\u{2019}", with: "'") }
        }

        /// A word without the punctuation around it.
        static func stripped(_ word: String) -> String {
            word.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:!?\"()[]\u{201C}\u{201D}"))
        }

        /// Where `phrase` (lowercased words) first starts.
        func index(of phrase: [String]) -> Int? {
            guard !phrase.isEmpty, phrase.count <= lowered.count else { return nil }
            for start in 0...(lowered.count - phrase.count) where Array(lowered[start..<(start + phrase.count)]) == phrase {
                return start
            }
            return nil
        }

        /// The words after the first of `phrases` found.
        func after(_ phrases: [String]...) -> Words? {
            for phrase in phrases {
                if let start = index(of: phrase) { return Words(raw[(start + phrase.count)...].joined(separator: " ")) }
            }
            return nil
        }

        /// The words from `index` on, as written, without the final full stop.
        func text(from index: Int) -> String {
            guard index < raw.count else { return "" }
            var text = raw[index...].joined(separator: " ")
            while let last = text.last, ".!?;".contains(last) { text.removeLast() }
            return text.trimmingCharacters(in: .whitespaces)
        }

        private static let connectors: Set<String> = ["de", "van", "von", "der", "den", "da", "di", "du", "la", "le", "&", "of", "y"]
        private static let notNames: Set<String> = [
            "i", "the", "a", "an", "my", "our", "his", "her", "their", "this", "that", "it", "we", "you", "he", "she", "they",
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
            "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        ]

        /// The run of capitalised words starting at `index` ("San Francisco", "Acme Corp",
        /// "Anne-Marie de la Tour"); with `includingRegion`, a ", Region" after it too
        /// ("Berlin, Germany").
        func properRun(at index: Int, includingRegion: Bool) -> String? {
            var words: [String] = []
            var position = index
            while position < raw.count {
                let word = Words.stripped(raw[position])
                guard let first = word.first else { break }
                let isProper = first.isUppercase && !Words.notNames.contains(word.lowercased())
                    || (!words.isEmpty && Words.connectors.contains(word.lowercased()) && position + 1 < raw.count
                        && Words.stripped(raw[position + 1]).first?.isUppercase == true)
                guard isProper else { break }
                words.append(word)
                let ended = raw[position].last.map(",.;:!?".contains) == true
                position += 1
                if ended {
                    if includingRegion, raw[position - 1].hasSuffix(","), let region = properRun(at: position, includingRegion: false) {
                        return words.joined(separator: " ") + ", " + region
                    }
                    break
                }
            }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }

        /// The proper run after the first `preposition` at or after `start`.
        func properRun(after preposition: [String], from start: Int, includingRegion: Bool) -> String? {
            var position = start
            while position < lowered.count {
                if Array(lowered[position...].prefix(preposition.count)) == preposition,
                   let run = properRun(at: position + preposition.count, includingRegion: includingRegion) {
                    return run
                }
                position += 1
            }
            return nil
        }
    }
}

/// Dates as people write them, and as Box AI answers them.
enum AiDates {
    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                 "october", "november", "december"]

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    /// `2026-03-31`.
    static func isoDay(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The first full date among `words`: `1990-01-01`, `01/31/1990` (`31/01/1990` when the
    /// first number cannot be a month), `the 1st of January 1990`, `1 Jan 1990`,
    /// `January 1st, 1990`.
    static func date(in words: AiSentenceReader.Words) -> Date? {
        date(inTokens: words.lowered)
    }

    /// ``date(in:)`` for a text.
    static func date(in text: String) -> Date? {
        date(inTokens: AiSentenceReader.Words(text).lowered)
    }

    private static func date(inTokens raw: [String]) -> Date? {
        func make(_ year: Int, _ month: Int, _ day: Int) -> Date? {
            guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
            let components = DateComponents(year: year, month: month, day: day)
            guard let date = calendar.date(from: components),
                  calendar.component(.day, from: date) == day else { return nil }
            return date
        }
        for token in raw {
            let dashed = token.split(separator: "-")
            if dashed.count == 3, dashed[0].count == 4, let year = Int(dashed[0]), let month = Int(dashed[1]), let day = Int(dashed[2]),
               let date = make(year, month, day) { return date }
            let slashed = token.split(separator: "/").compactMap { Int($0) }
            if slashed.count == 3, slashed[2] > 999 {
                if let date = make(slashed[2], slashed[0], slashed[1]) ?? make(slashed[2], slashed[1], slashed[0]) { return date }
            }
        }
        let tokens = raw.filter { $0 != "the" && $0 != "of" && !$0.isEmpty }
        func day(_ word: String) -> Int? {
            var digits = word
            for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits.removeLast(2) }
            return Int(digits).flatMap { (1...31).contains($0) ? $0 : nil }
        }
        func month(_ word: String) -> Int? {
            guard word.count >= 3 else { return nil }
            return months.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 }
        }
        func year(_ word: String) -> Int? {
            Int(word).flatMap { $0 > 999 && $0 < 10_000 ? $0 : nil }
        }
        guard tokens.count >= 3 else { return nil }
        for index in 0...(tokens.count - 3) {
            let (a, b, c) = (tokens[index], tokens[index + 1], tokens[index + 2])
            if let d = day(a), let m = month(b), let y = year(c), let date = make(y, m, d) { return date }
            if let m = month(a), let d = day(b), let y = year(c), let date = make(y, m, d) { return date }
        }
        return nil
    }
}

extension String {
    /// `nil` for the empty string.
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
