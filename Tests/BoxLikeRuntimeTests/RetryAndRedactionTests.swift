import Foundation
import HTTPTypes
import Testing
@testable import BoxLikeRuntime

@Suite("Retry policy and redaction")
struct RetryAndRedactionTests {
    @Test func backoffGrowsExponentiallyUpToTheCap() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), factor: 2, maxDelay: .milliseconds(350), jitter: false)
        #expect(policy.backoffDelay(forRetry: 1) == .milliseconds(100))
        #expect(policy.backoffDelay(forRetry: 2) == .milliseconds(200))
        #expect(policy.backoffDelay(forRetry: 3) == .milliseconds(350))
    }

    @Test func jitterStaysWithinTheComputedDelay() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), jitter: true)
        for _ in 0..<100 {
            let delay = policy.backoffDelay(forRetry: 2)
            #expect(delay >= .zero && delay <= .milliseconds(200))
        }
    }

    @Test func retryAfterAcceptsSecondsAndDatesAndIsCapped() {
        let policy = RetryPolicy(maxRetryAfter: .seconds(10))
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(policy.retryAfterDelay("3", now: now) == .seconds(3))
        #expect(policy.retryAfterDelay("3600", now: now) == .seconds(10))
        let inFive = HTTPDate.format(now.addingTimeInterval(5))
        #expect(policy.retryAfterDelay(inFive, now: now) == .seconds(5))
        let past = HTTPDate.format(now.addingTimeInterval(-60))
        #expect(policy.retryAfterDelay(past, now: now) == .zero)
        #expect(policy.retryAfterDelay("soon", now: now) == nil)
    }

    @Test func idempotencyFollowsMethodAndIfMatch() {
        var request = RequestDescription(operationId: "op", method: .put, server: "api", pathTemplate: "/")
        #expect(!HTTPExecutor.isIdempotent(request))
        request.setHeader("If-Match", "1")
        #expect(HTTPExecutor.isIdempotent(request))
        request.method = .post
        #expect(!HTTPExecutor.isIdempotent(request))
        request.method = .delete
        #expect(HTTPExecutor.isIdempotent(request))
    }

    @Test func secretsAreRedactedFromURLsAndBodies() {
        #expect(Redaction.redact(url: "https://x/y?code=abc&state=s&client_secret=zz")
            == "https://x/y?code=<redacted>&state=s&client_secret=<redacted>")
        let form = Redaction.redact(body: "grant_type=refresh_token&refresh_token=R1&client_secret=S1")
        #expect(!form.contains("R1") && !form.contains("S1") && form.contains("grant_type=refresh_token"))
        let json = Redaction.redact(body: #"{"access_token": "T1", "expires_in": 3600}"#)
        #expect(!json.contains("T1") && json.contains("3600"))
    }

    @Test func capabilityURLsLoseTheirSignaturesAndTickets() {
        #expect(Redaction.redact(url: "https://dl.example/dl/4f1c2e9a8b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e")
            == "https://dl.example/dl/<redacted>")
        #expect(Redaction.redact(url: "https://cdn.example/d/1/b1!AbCdEf/download?X-Amz-Signature=abc&X-Amz-Credential=k&x=1")
            == "https://cdn.example/d/<redacted>/b1!AbCdEf/download?X-Amz-Signature=<redacted>&X-Amz-Credential=<redacted>&x=1")
        #expect(Redaction.redact(url: "https://files.example/blob/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?sig=zz")
            == "https://files.example/blob/<redacted>?sig=<redacted>")
        #expect(Redaction.redact(url: "https://api.example/2.0/files/123456789012345678901234567890123456/content")
            == "https://api.example/2.0/files/123456789012345678901234567890123456/content", "ids stay")
        #expect(Redaction.redact(url: "https://api.example/2.0/folders/0/items?limit=10")
            == "https://api.example/2.0/folders/0/items?limit=10")
    }

    @Test func apiErrorsParseBoxAndOAuthBodiesAndHideSecrets() {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\""
        let box = BoxAPIError(status: 404, operationId: "getFileById", requestMethod: "GET",
                              requestUrl: "https://x/2.0/files/1?fields=name", responseHeaders: headers,
                              body: Array(#"{"type":"error","status":404,"code":"not_found","message":"Not found","request_id":"r1","context_info":{"a":1}}"#.utf8))
        #expect(box.code == "not_found" && box.message == "Not found" && box.requestId == "r1")
        #expect(box.contextInfo == #"{"a":1}"#)
        #expect(box.responseHeaders["www-authenticate"] == Redaction.placeholder)
        let oauth = BoxAPIError(status: 400, operationId: "requestAccessToken", requestMethod: "POST",
                                requestUrl: "https://x/oauth2/token", responseHeaders: HTTPFields(),
                                body: Array(#"{"error":"invalid_grant","error_description":"bad","refresh_token":"R9"}"#.utf8))
        #expect(oauth.code == "invalid_grant" && oauth.message == "bad")
        #expect(!(oauth.rawBody ?? "").contains("R9"))
        #expect(oauth.description.contains("invalid_grant"))
    }
}
