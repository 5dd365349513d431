// Photos: PHContentEditingInput, PHContentEditingOutput, PHAdjustmentData, PHAssetMediaType
// (PhotoEditing, named by AppExtensionsCompat).
@_exported import AppExtensionsCompat
@_exported import Foundation
@_exported import PhotoEditing
