@preconcurrency import FoundationNetworking

// The request and response types background sessions use, under Apple's names, so code
// written for iOS imports Foundation and BackgroundTransfers (instead of
// FoundationNetworking) and compiles unchanged: URLSession and its tasks are this module's.

/// A URL load request: FoundationNetworking's, re-exported.
public typealias URLRequest = FoundationNetworking.URLRequest
/// A response: FoundationNetworking's, re-exported.
public typealias URLResponse = FoundationNetworking.URLResponse
/// An HTTP response: FoundationNetworking's, re-exported.
public typealias HTTPURLResponse = FoundationNetworking.HTTPURLResponse
