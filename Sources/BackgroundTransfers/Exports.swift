// The wire's public types (TransferServiceError, TransferServiceStarter) are part of this
// module's API: code that imports BackgroundTransfers sees them as before the split.
@_exported import TransferWire
