import Foundation
@_exported import PhotoEditing

// Apple's Photos and PhotosUI frameworks (photo editing extensions), so that a ported
// PhotoEditingViewController compiles with its imports changed.

/// Apple's `PHContentEditingController`; its placeholder image is a `UIImage`.
public typealias PHContentEditingController = ContentEditingController
/// Apple's `PHContentEditingInput`.
public typealias PHContentEditingInput = ContentEditingInput
/// Apple's `PHContentEditingOutput`.
public typealias PHContentEditingOutput = ContentEditingOutput
/// Apple's `PHAdjustmentData`.
public typealias PHAdjustmentData = AdjustmentData
/// Apple's `PHAssetMediaType`.
public typealias PHAssetMediaType = ContentEditingInput.MediaType


