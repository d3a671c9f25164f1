/// The SDK's version, as sent in the `User-Agent` header (``NetworkSession/userAgent``).
public enum BoxLikeSDKVersion {
    /// The version of this build of the SDK.
    public static let current = "0.18.0"
}
