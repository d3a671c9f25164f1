import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// Box AI's extraction reads facts stated in ordinary sentences, whatever the phrasing.
@Suite("Box AI reads facts from sentences")
struct AiSentenceReaderTests {
    private static func value(_ labels: [String], _ text: String) -> String? {
        AiSentenceReader.fact(for: labels, in: [AiDocument(id: "1", name: "bio.txt", text: text)])?.fact.value
    }

    @Test(arguments: [
        "My name is Maria Gonzalez and I live in Seville.",
        "Hello! I am Maria Gonzalez, a pharmacist.",
        "I'm Maria Gonzalez. I was born in 1985.",
        "Maria Gonzalez was born on the 2nd of March 1985.",
        "Everyone here calls me Mary, but I was named Maria Gonzalez at birth.",
    ])
    func aNameIsReadWhicheverWayItIsIntroduced(_ text: String) {
        #expect(Self.value(["firstName"], text) == "Maria")
        #expect(Self.value(["lastName", "Last name"], text) == "Gonzalez")
        #expect(Self.value(["fullName"], text) == "Maria Gonzalez")
    }

    @Test(arguments: [
        ("I was born on the 1st of January 1990 in Leeds.", "1990-01-01"),
        ("She was born on January 21st, 1988.", "1988-01-21"),
        ("I was born in 4th July 1990.", "1990-07-04"),
        ("He was born 3 Nov 1979 and grew up in Cork.", "1979-11-03"),
        ("My date of birth is 1992-06-30.", "1992-06-30"),
        ("My birthday is 12/25/2001, so presents come twice.", "2001-12-25"),
    ])
    func aDateOfBirthIsReadFromOrdinalsMonthNamesAndNumbers(_ text: String, _ expected: String) {
        #expect(Self.value(["dateOfBirth", "Date of birth"], text) == expected)
        #expect(Self.value(["yearOfBirth"], text) == String(expected.prefix(4)))
    }

    @Test func aYearAloneAnswersTheYearOfBirthButNotTheDate() {
        let text = "I was born in 1990 in a small town."
        #expect(Self.value(["yearOfBirth"], text) == "1990")
        #expect(Self.value(["dateOfBirth"], text) == nil)
    }

    @Test(arguments: [
        ("I was born in Leeds on the 1st of January 1990.", "Leeds"),
        ("He was born on 3 Nov 1979 in Cork, Ireland.", "Cork, Ireland"),
    ])
    func aPlaceOfBirthIsThePlaceAfterBornIn(_ text: String, _ expected: String) {
        #expect(Self.value(["placeOfBirth"], text) == expected)
    }

    @Test(arguments: ["I am 34 years old.", "A 34-year-old engineer wrote this.", "Aged 34, he moved abroad.", "My age is 34."])
    func anAgeIsReadInItsUsualPhrasings(_ text: String) {
        #expect(Self.value(["age"], text) == "34")
    }

    @Test(arguments: [
        "I work at Northwind Traders as a data analyst.",
        "Since 2019 I have been employed by Northwind Traders.",
        "She works for Northwind Traders in the finance team.",
    ])
    func anEmployerIsTheNameAfterWorkAtForOrEmployedBy(_ text: String) {
        #expect(Self.value(["company"], text) == "Northwind Traders")
        #expect(Self.value(["employer"], text) == "Northwind Traders")
    }

    @Test(arguments: [
        ("I work at Northwind Traders as a data analyst.", "data analyst"),
        ("I am a registered nurse at the city hospital.", "registered nurse"),
        ("My job title is Head of Sales.", "Head of Sales"),
    ])
    func aJobTitleFollowsAsAOrIAmA(_ text: String, _ expected: String) {
        #expect(Self.value(["jobTitle"], text) == expected)
    }

    @Test func beingHappyIsNotAJob() {
        #expect(Self.value(["jobTitle"], "I am happy with the result.") == nil)
    }

    @Test(arguments: [
        ("I live in San Francisco.", "San Francisco"),
        ("These days she is based in Berlin, Germany.", "Berlin, Germany"),
        ("He resides in Oslo with two cats.", "Oslo"),
    ])
    func aLocationIsThePlaceSomeoneLivesIn(_ text: String, _ expected: String) {
        #expect(Self.value(["location"], text) == expected)
        #expect(Self.value(["city"], text) == expected.components(separatedBy: ", ")[0])
    }

    @Test func anAddressEmailAndPhoneAreReadFromTheirSentences() {
        let text = "My address is 221 Baker Street, London. Write to maria@example.org any time. My phone number is +44 20 7946 0958."
        #expect(Self.value(["address"], text) == "221 Baker Street, London")
        #expect(Self.value(["email"], text) == "maria@example.org")
        #expect(Self.value(["phone"], text) == "+44 20 7946 0958")
    }

    @Test(arguments: [
        ("My hobbies are reading, chess and swimming.", "reading, chess and swimming"),
        ("In my free time I enjoy hiking.", "hiking"),
        ("My hobby is guitar.", "guitar"),
    ])
    func aListOfHobbiesIsKeptAsWritten(_ text: String, _ expected: String) {
        #expect(Self.value(["hobbies"], text) == expected)
    }

    @Test func anyOtherFieldIsReadFromMyFieldIs() {
        let text = "The weather was fine. My favourite colour is dark green."
        #expect(Self.value(["favourite colour"], text) == "dark green")
        #expect(Self.value(["shoe size"], text) == nil)
    }

    @Test(arguments: [
        "firstName, lastName, location, yearOfBirth, company",
        "Extract the firstName, lastName, location, yearOfBirth and company",
        "Please return these fields: firstName; lastName; location; yearOfBirth; company.",
        #"{"firstName": "", "lastName": "", "location": "", "yearOfBirth": "", "company": ""}"#,
    ])
    func extractAnswersTheListedNamesInTheirOrderFromSentences(_ prompt: String) {
        let text = "My name is John Doe. I live in San Francisco. I was born in 1990. I work at Box."

        let answer = AiEmulation.extract(prompt, documents: [AiDocument(id: "1", name: "bio.txt", text: text)])

        #expect(answer == #"{"firstName": "John", "lastName": "Doe", "location": "San Francisco", "yearOfBirth": "1990", "company": "Box"}"#)
    }

    @Test func aListedNameNothingStatesIsNull() {
        let answer = AiEmulation.extract("firstName, shoeSize", documents: [AiDocument(id: "1", name: "a.txt", text: "I am Ann Lee.")])
        #expect(answer == #"{"firstName": "Ann", "shoeSize": null}"#)
    }

    @Test func aQuestionIsNotAListOfNames() {
        #expect(AiEmulation.listedNames(in: "Who is the employer?") == nil)
        #expect(AiEmulation.listedNames(in: "vendor and total") == ["vendor", "total"])
    }

    @Test func extractStructuredFillsInlineFieldsFromSentencesWithDaysAsBoxWritesThem() {
        let text = "My name is John Doe. I was born in 4th July 1990. I am 34 years old. My hobby is guitar."
        let fields = [
            AiField(key: "firstName", labels: ["firstName", "First name", "What is your first name?"], type: "string", options: []),
            AiField(key: "dateOfBirth", labels: ["dateOfBirth", "Date of birth"], type: "date", options: []),
            AiField(key: "age", labels: ["age", "Age"], type: "float", options: []),
            AiField(key: "hobby", labels: ["hobby"], type: "multiSelect", options: ["guitar", "books"]),
        ]

        let result = AiEmulation.extractStructured(fields, documents: [AiDocument(id: "1", name: "bio.txt", text: text)])

        #expect(result.answer["firstName"] == "John")
        #expect(result.answer["dateOfBirth"] == "1990-07-04")
        #expect(result.answer["age"]?.intValue == 34)
        #expect(result.answer["hobby"] == ["guitar"])
    }

    @Test func aTemplatesDateIsADateTime() {
        let field = AiField(key: "dateOfBirth", labels: ["dateOfBirth"], type: "date", options: [], dateStyle: .dateTime)
        let result = AiEmulation.extractStructured([field], documents: [AiDocument(id: "1", name: "b.txt", text: "I was born on 4 July 1990.")])
        #expect(result.answer["dateOfBirth"] == "1990-07-04T00:00:00Z")
    }

    @Test func aStructIsFilledMemberByMemberAndATableARowPerEntry() {
        let text = """
            My name is Ann Lee and I live in Lisbon. I work at Contoso as a designer.
            I worked at Fabrikam as a junior designer. I worked at Tailspin as an intern.
            """
        let person = AiField(key: "person", labels: ["person"], type: "struct", options: [], members: [
            AiField(key: "firstName", labels: ["firstName"], type: "string", options: []),
            AiField(key: "city", labels: ["city"], type: "string", options: []),
        ])
        let jobs = AiField(key: "jobs", labels: ["jobs"], type: "table", options: [], members: [
            AiField(key: "company", labels: ["company"], type: "string", options: []),
            AiField(key: "title", labels: ["job title"], type: "string", options: []),
        ])

        let result = AiEmulation.extractStructured([person, jobs], documents: [AiDocument(id: "1", name: "cv.txt", text: text)])

        #expect(result.answer["person"] == ["firstName": "Ann", "city": "Lisbon"])
        #expect(result.answer["jobs"] == [
            ["company": "Contoso", "title": "designer"], ["company": "Fabrikam", "title": "junior designer"],
            ["company": "Tailspin", "title": "intern"],
        ])
    }

    @Test func aPDFIsReadThroughPopplersPdftotext() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let pdf = MinimalPDF.document(lines: ["Curriculum vitae", "My name is Ines Duarte. I was born on 9 May 1987."], createdAt: Date())
            let file = try await server.uploadFile(token: admin, name: "cv.pdf", bytes: pdf)

            let answer = try await server.api(.POST, "/ai/extract", token: admin, json: [
                "prompt": "firstName, dateOfBirth", "items": [["id": .string(file), "type": "file"]],
            ])

            #expect(answer.status == 200)
            #expect(answer.json?["answer"] == #"{"firstName": "Ines", "dateOfBirth": "1987-05-09"}"#)
        }
    }
}
