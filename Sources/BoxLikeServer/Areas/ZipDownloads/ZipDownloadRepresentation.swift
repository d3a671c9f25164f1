import BoxLikeJSON

/// Box's `zip_download_status` JSON, built outside the state actor.
enum ZipDownloadRepresentation {
    static func status(_ record: ZipDownloadRecord) -> JSONValue {
        [
            "total_file_count": .int(record.fileCount), "downloaded_file_count": .int(record.downloadedFiles),
            "skipped_file_count": .int(record.skippedFiles), "skipped_folder_count": .int(record.skippedFolders),
            "state": .string(record.state),
        ]
    }
}
