// MobileCoreServices' kUTType constants, as strings (iOS code writes `kUTTypeImage as String`).

/// `public.item`.
public let kUTTypeItem = "public.item"
/// `public.content`.
public let kUTTypeContent = "public.content"
/// `public.data`.
public let kUTTypeData = "public.data"
/// `public.url`.
public let kUTTypeURL = "public.url"
/// `public.file-url`.
public let kUTTypeFileURL = "public.file-url"
/// `public.text`.
public let kUTTypeText = "public.text"
/// `public.plain-text`.
public let kUTTypePlainText = "public.plain-text"
/// `public.utf8-plain-text`.
public let kUTTypeUTF8PlainText = "public.utf8-plain-text"
/// `public.html`.
public let kUTTypeHTML = "public.html"
/// `public.rtf`.
public let kUTTypeRTF = "public.rtf"
/// `com.apple.property-list`.
public let kUTTypePropertyList = "com.apple.property-list"
/// `public.image`.
public let kUTTypeImage = "public.image"
/// `public.jpeg`.
public let kUTTypeJPEG = "public.jpeg"
/// `public.png`.
public let kUTTypePNG = "public.png"
/// `com.compuserve.gif`.
public let kUTTypeGIF = "com.compuserve.gif"
/// `public.movie`.
public let kUTTypeMovie = "public.movie"
/// `com.apple.quicktime-movie`.
public let kUTTypeQuickTimeMovie = "com.apple.quicktime-movie"
/// `com.adobe.pdf`.
public let kUTTypePDF = "com.adobe.pdf"
