// PhotosUI: PHContentEditingController, over Photos and UIKit, as on iOS.
@_exported import Photos
@_exported import UIKit
