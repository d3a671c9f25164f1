/// Every limit on reading a `.docx` (a zip archive from whoever uploaded it), in one place.
/// A template past any of them is refused with `400 template_too_large`, before a byte past
/// the limit is inflated: a zip bomb (a small file that lists huge entries, or one entry many
/// times) costs at most these amounts of memory and work.
///
/// | Limit | Value | Why |
/// | --- | --- | --- |
/// | ``maximumArchiveSize`` | 32 MiB | the template file is read into memory whole |
/// | ``maximumEntries`` | 1,000 | a Word document has tens of parts; the directory is walked whole |
/// | ``maximumEntrySize`` | 32 MiB | one part, uncompressed: text parts are parsed in memory |
/// | ``maximumTotalSize`` | 64 MiB | all parts one operation reads (tags: the text parts; a document: every part) |
/// | ``maximumCompressionRatio`` | 200 | Word's XML compresses 5 to 50 times; bombs 1,000 times and more |
/// | ``ratioExemptSize`` | 1 MiB | small parts may compress better than that and cost little |
///
/// Sizes are checked twice: against what the central directory declares, before inflating,
/// and against the bytes inflation actually produces, as they come out.
struct DocxLimits: Sendable {
    var maximumArchiveSize = 32 * 1024 * 1024
    var maximumEntries = 1_000
    var maximumEntrySize = 32 * 1024 * 1024
    var maximumTotalSize = 64 * 1024 * 1024
    var maximumCompressionRatio = 200
    var ratioExemptSize = 1024 * 1024

    /// The most bytes an entry of `compressedSize` bytes may inflate to under the ratio.
    func sizeAllowedByRatio(compressedSize: Int) -> Int {
        let (product, overflow) = compressedSize.multipliedReportingOverflow(by: maximumCompressionRatio)
        return Swift.max(ratioExemptSize, overflow ? .max : product)
    }
}
