/// The system types as constants, named as in Apple's `UTCoreTypes`.
///
/// Each constant is the declared system type of its identifier; see ``SystemTypes``.
extension UTType {
    // MARK: Roots and file-system objects

    /// The root of the physical hierarchy: files, directories, everything. Identifier: `public.item`.
    public static let item = UTType(_system: "public.item")
    /// The root of the functional hierarchy: anything with user-viewable content. Identifier: `public.content`.
    public static let content = UTType(_system: "public.content")
    /// Content that mixes embedded kinds, such as PDF. Identifier: `public.composite-content`.
    public static let compositeContent = UTType(_system: "public.composite-content")
    /// A data item mountable as a volume. Identifier: `public.disk-image`.
    public static let diskImage = UTType(_system: "public.disk-image")
    /// Any byte stream: files and in-memory data. Identifier: `public.data`.
    public static let data = UTType(_system: "public.data")
    /// A file-system directory, package or folder. Identifier: `public.directory`.
    public static let directory = UTType(_system: "public.directory")
    /// Symbolic links and alias files. Identifier: `com.apple.resolvable`.
    public static let resolvable = UTType(_system: "com.apple.resolvable")
    /// A symbolic link. Identifier: `public.symlink`.
    public static let symbolicLink = UTType(_system: "public.symlink")
    /// An executable item. Identifier: `public.executable`.
    public static let executable = UTType(_system: "public.executable")
    /// A volume mount point. Identifier: `com.apple.mount-point`.
    public static let mountPoint = UTType(_system: "com.apple.mount-point")
    /// A Finder alias file. Identifier: `com.apple.alias-file`.
    public static let aliasFile = UTType(_system: "com.apple.alias-file")
    /// URL bookmark data. Identifier: `com.apple.bookmark`.
    public static let urlBookmarkData = UTType(_system: "com.apple.bookmark")
    /// Any URL. Identifier: `public.url`.
    public static let url = UTType(_system: "public.url")
    /// A URL with the `file:` scheme. Identifier: `public.file-url`.
    public static let fileURL = UTType(_system: "public.file-url")

    // MARK: Text

    /// All text-encoded data, including markup. Identifier: `public.text`.
    public static let text = UTType(_system: "public.text")
    /// Text with no markup in an unspecified encoding (`.txt`). Identifier: `public.plain-text`.
    public static let plainText = UTType(_system: "public.plain-text")
    /// Plain text encoded as UTF-8. Identifier: `public.utf8-plain-text`.
    public static let utf8PlainText = UTType(_system: "public.utf8-plain-text")
    /// UTF-16 plain text, big-endian unless a BOM says otherwise. Identifier: `public.utf16-external-plain-text`.
    public static let utf16ExternalPlainText = UTType(_system: "public.utf16-external-plain-text")
    /// UTF-16 plain text in native byte order. Identifier: `public.utf16-plain-text`.
    public static let utf16PlainText = UTType(_system: "public.utf16-plain-text")
    /// Text of delimited values. Identifier: `public.delimited-values-text`.
    public static let delimitedText = UTType(_system: "public.delimited-values-text")
    /// Comma-separated values (`.csv`). Identifier: `public.comma-separated-values-text`.
    public static let commaSeparatedText = UTType(_system: "public.comma-separated-values-text")
    /// Tab-separated values (`.tsv`). Identifier: `public.tab-separated-values-text`.
    public static let tabSeparatedText = UTType(_system: "public.tab-separated-values-text")
    /// UTF-8 tab-separated values. Identifier: `public.utf8-tab-separated-values-text`.
    public static let utf8TabSeparatedText = UTType(_system: "public.utf8-tab-separated-values-text")
    /// Rich Text Format (`.rtf`). Identifier: `public.rtf`.
    public static let rtf = UTType(_system: "public.rtf")
    /// HTML of any version (`.html`). Identifier: `public.html`.
    public static let html = UTType(_system: "public.html")
    /// Generic XML (`.xml`). Identifier: `public.xml`.
    public static let xml = UTType(_system: "public.xml")
    /// YAML (`.yaml`). Identifier: `public.yaml`.
    public static let yaml = UTType(_system: "public.yaml")
    /// Cascading Style Sheets (`.css`). Identifier: `public.css`.
    public static let css = UTType(_system: "public.css")
    /// JSON (`.json`); it does not conform to JavaScript. Identifier: `public.json`.
    public static let json = UTType(_system: "public.json")
    /// GeoJSON (`.geojson`). Identifier: `public.geojson`.
    public static let geoJSON = UTType(_system: "public.geojson")
    /// A property list of any format (`.plist`). Identifier: `com.apple.property-list`.
    public static let propertyList = UTType(_system: "com.apple.property-list")
    /// An XML property list. Identifier: `com.apple.xml-property-list`.
    public static let xmlPropertyList = UTType(_system: "com.apple.xml-property-list")
    /// A binary property list. Identifier: `com.apple.binary-property-list`.
    public static let binaryPropertyList = UTType(_system: "com.apple.binary-property-list")

    // MARK: Source code and scripts

    /// Source code in any language. Identifier: `public.source-code`.
    public static let sourceCode = UTType(_system: "public.source-code")
    /// Assembly language source (`.s`). Identifier: `public.assembly-source`.
    public static let assemblyLanguageSource = UTType(_system: "public.assembly-source")
    /// C source (`.c`). Identifier: `public.c-source`.
    public static let cSource = UTType(_system: "public.c-source")
    /// Objective-C source (`.m`). Identifier: `public.objective-c-source`.
    public static let objectiveCSource = UTType(_system: "public.objective-c-source")
    /// Swift source (`.swift`). Identifier: `public.swift-source`.
    public static let swiftSource = UTType(_system: "public.swift-source")
    /// C++ source (`.cpp`). Identifier: `public.c-plus-plus-source`.
    public static let cPlusPlusSource = UTType(_system: "public.c-plus-plus-source")
    /// Objective-C++ source (`.mm`). Identifier: `public.objective-c-plus-plus-source`.
    public static let objectiveCPlusPlusSource = UTType(_system: "public.objective-c-plus-plus-source")
    /// A C header (`.h`). Identifier: `public.c-header`.
    public static let cHeader = UTType(_system: "public.c-header")
    /// A C++ header (`.hpp`). Identifier: `public.c-plus-plus-header`.
    public static let cPlusPlusHeader = UTType(_system: "public.c-plus-plus-header")
    /// Source in any scripting language. Identifier: `public.script`.
    public static let script = UTType(_system: "public.script")
    /// An AppleScript text script (`.applescript`). Identifier: `com.apple.applescript.text`.
    public static let appleScript = UTType(_system: "com.apple.applescript.text")
    /// A compiled Open Scripting Architecture script (`.scpt`). Identifier: `com.apple.applescript.script`.
    public static let osaScript = UTType(_system: "com.apple.applescript.script")
    /// An Open Scripting Architecture script bundle (`.scptd`). Identifier: `com.apple.applescript.script-bundle`.
    public static let osaScriptBundle = UTType(_system: "com.apple.applescript.script-bundle")
    /// JavaScript source (`.js`). Identifier: `com.netscape.javascript-source`.
    public static let javaScript = UTType(_system: "com.netscape.javascript-source")
    /// A shell script (`.sh`). Identifier: `public.shell-script`.
    public static let shellScript = UTType(_system: "public.shell-script")
    /// A Perl script (`.pl`). Identifier: `public.perl-script`.
    public static let perlScript = UTType(_system: "public.perl-script")
    /// A Python script (`.py`). Identifier: `public.python-script`.
    public static let pythonScript = UTType(_system: "public.python-script")
    /// A Ruby script (`.rb`). Identifier: `public.ruby-script`.
    public static let rubyScript = UTType(_system: "public.ruby-script")
    /// A PHP script (`.php`). Identifier: `public.php-script`.
    public static let phpScript = UTType(_system: "public.php-script")
    /// A makefile. Identifier: `public.make-source`.
    public static let makefile = UTType(_system: "public.make-source")

    // MARK: Compound documents

    /// An Adobe PDF document (`.pdf`). Identifier: `com.adobe.pdf`.
    public static let pdf = UTType(_system: "com.adobe.pdf")
    /// A Rich Text Format Directory package (`.rtfd`). Identifier: `com.apple.rtfd`.
    public static let rtfd = UTType(_system: "com.apple.rtfd")
    /// A flattened RTFD document, as on the pasteboard. Identifier: `com.apple.flat-rtfd`.
    public static let flatRTFD = UTType(_system: "com.apple.flat-rtfd")
    /// A WebKit web archive (`.webarchive`). Identifier: `com.apple.webarchive`.
    public static let webArchive = UTType(_system: "com.apple.webarchive")
    /// An EPUB book (`.epub`). Identifier: `org.idpf.epub-container`.
    public static let epub = UTType(_system: "org.idpf.epub-container")

    // MARK: Images

    /// Image data of any format. Identifier: `public.image`.
    public static let image = UTType(_system: "public.image")
    /// A JPEG image (`.jpeg`, `.jpg`). Identifier: `public.jpeg`.
    public static let jpeg = UTType(_system: "public.jpeg")
    /// A TIFF image (`.tiff`). Identifier: `public.tiff`.
    public static let tiff = UTType(_system: "public.tiff")
    /// A GIF image (`.gif`); there is no `public.gif`. Identifier: `com.compuserve.gif`.
    public static let gif = UTType(_system: "com.compuserve.gif")
    /// A PNG image (`.png`). Identifier: `public.png`.
    public static let png = UTType(_system: "public.png")
    /// Apple icon data (`.icns`). Identifier: `com.apple.icns`.
    public static let icns = UTType(_system: "com.apple.icns")
    /// A Windows bitmap (`.bmp`). Identifier: `com.microsoft.bmp`.
    public static let bmp = UTType(_system: "com.microsoft.bmp")
    /// A Windows icon (`.ico`). Identifier: `com.microsoft.ico`.
    public static let ico = UTType(_system: "com.microsoft.ico")
    /// A camera raw image of any format. Identifier: `public.camera-raw-image`.
    public static let rawImage = UTType(_system: "public.camera-raw-image")
    /// A Scalable Vector Graphics image (`.svg`). Identifier: `public.svg-image`.
    public static let svg = UTType(_system: "public.svg-image")
    /// A Live Photo. Identifier: `com.apple.live-photo`.
    public static let livePhoto = UTType(_system: "com.apple.live-photo")
    /// A High Efficiency Image File Format image (`.heif`). Identifier: `public.heif`.
    public static let heif = UTType(_system: "public.heif")
    /// A High Efficiency Image Coding image (`.heic`). Identifier: `public.heic`.
    public static let heic = UTType(_system: "public.heic")
    /// A High Efficiency Image Coding image sequence (`.heics`). Identifier: `public.heics`.
    public static let heics = UTType(_system: "public.heics")
    /// A WebP image (`.webp`). Identifier: `org.webmproject.webp`.
    public static let webP = UTType(_system: "org.webmproject.webp")
    /// An OpenEXR image (`.exr`). Identifier: `com.ilm.openexr-image`.
    public static let exr = UTType(_system: "com.ilm.openexr-image")
    /// An Adobe Digital Negative image (`.dng`). Identifier: `com.adobe.raw-image`.
    public static let dng = UTType(_system: "com.adobe.raw-image")
    /// A JPEG XL image (`.jxl`). Identifier: `public.jpeg-xl`.
    public static let jpegxl = UTType(_system: "public.jpeg-xl")

    // MARK: 3D content

    /// 3D content of any format. Identifier: `public.3d-content`.
    public static let threeDContent = UTType(_system: "public.3d-content")
    /// Universal Scene Description (`.usd`). Identifier: `com.pixar.universal-scene-description`.
    public static let usd = UTType(_system: "com.pixar.universal-scene-description")
    /// A Universal Scene Description package (`.usdz`). Identifier: `com.pixar.universal-scene-description-mobile`.
    public static let usdz = UTType(_system: "com.pixar.universal-scene-description-mobile")
    /// A Reality file (`.reality`). Identifier: `com.apple.reality`.
    public static let realityFile = UTType(_system: "com.apple.reality")
    /// A serialized SceneKit scene (`.scn`). Identifier: `com.apple.scenekit.scene`.
    public static let sceneKitScene = UTType(_system: "com.apple.scenekit.scene")
    /// An augmented-reality reference object (`.arobject`). Identifier: `com.apple.arobject`.
    public static let arReferenceObject = UTType(_system: "com.apple.arobject")

    // MARK: Audio and video

    /// Audio and/or video content. Identifier: `public.audiovisual-content`.
    public static let audiovisualContent = UTType(_system: "public.audiovisual-content")
    /// A format that may hold both video and audio. Identifier: `public.movie`.
    public static let movie = UTType(_system: "public.movie")
    /// Video with no audio. Identifier: `public.video`.
    public static let video = UTType(_system: "public.video")
    /// Audio with no video. Identifier: `public.audio`.
    public static let audio = UTType(_system: "public.audio")
    /// A QuickTime movie (`.mov`). Identifier: `com.apple.quicktime-movie`.
    public static let quickTimeMovie = UTType(_system: "com.apple.quicktime-movie")
    /// An MPEG-1 or MPEG-2 movie (`.mpg`). Identifier: `public.mpeg`.
    public static let mpeg = UTType(_system: "public.mpeg")
    /// MPEG-2 video (`.m2v`). Identifier: `public.mpeg-2-video`.
    public static let mpeg2Video = UTType(_system: "public.mpeg-2-video")
    /// An MPEG-2 transport stream (`.ts`). Identifier: `public.mpeg-2-transport-stream`.
    public static let mpeg2TransportStream = UTType(_system: "public.mpeg-2-transport-stream")
    /// MP3 audio (`.mp3`). Identifier: `public.mp3`.
    public static let mp3 = UTType(_system: "public.mp3")
    /// An MPEG-4 movie (`.mp4`). Identifier: `public.mpeg-4`.
    public static let mpeg4Movie = UTType(_system: "public.mpeg-4")
    /// MPEG-4 audio (`.m4a`). Identifier: `public.mpeg-4-audio`.
    public static let mpeg4Audio = UTType(_system: "public.mpeg-4-audio")
    /// Apple protected MPEG-4 audio (`.m4p`). Identifier: `com.apple.protected-mpeg-4-audio`.
    public static let appleProtectedMPEG4Audio = UTType(_system: "com.apple.protected-mpeg-4-audio")
    /// An Apple protected MPEG-4 movie. Identifier: `com.apple.protected-mpeg-4-video`.
    public static let appleProtectedMPEG4Video = UTType(_system: "com.apple.protected-mpeg-4-video")
    /// An AVI movie (`.avi`). Identifier: `public.avi`.
    public static let avi = UTType(_system: "public.avi")
    /// AIFF audio (`.aiff`). Identifier: `public.aiff-audio`.
    public static let aiff = UTType(_system: "public.aiff-audio")
    /// Microsoft waveform audio (`.wav`). Identifier: `com.microsoft.waveform-audio`.
    public static let wav = UTType(_system: "com.microsoft.waveform-audio")
    /// MIDI audio (`.mid`). Identifier: `public.midi-audio`.
    public static let midi = UTType(_system: "public.midi-audio")
    /// A playlist of any format. Identifier: `public.playlist`.
    public static let playlist = UTType(_system: "public.playlist")
    /// An M3U or M3U8 playlist (`.m3u`). Identifier: `public.m3u-playlist`.
    public static let m3uPlaylist = UTType(_system: "public.m3u-playlist")
    /// An Apple haptic and audio pattern (`.ahap`). Identifier: `com.apple.haptics.ahap`.
    public static let ahap = UTType(_system: "com.apple.haptics.ahap")

    // MARK: Directories, bundles and executables

    /// A folder the user can browse (not a package). Identifier: `public.folder`.
    public static let folder = UTType(_system: "public.folder")
    /// The root folder of a volume. Identifier: `public.volume`.
    public static let volume = UTType(_system: "public.volume")
    /// A directory shown to the user as a single file. Identifier: `com.apple.package`.
    public static let package = UTType(_system: "com.apple.package")
    /// A directory in one of the bundle layouts. Identifier: `com.apple.bundle`.
    public static let bundle = UTType(_system: "com.apple.bundle")
    /// A bundle-based plug-in. Identifier: `com.apple.plugin`.
    public static let pluginBundle = UTType(_system: "com.apple.plugin")
    /// A Spotlight metadata importer bundle. Identifier: `com.apple.metadata-importer`.
    public static let spotlightImporter = UTType(_system: "com.apple.metadata-importer")
    /// A Quick Look preview generator bundle. Identifier: `com.apple.quicklook-generator`.
    public static let quickLookGenerator = UTType(_system: "com.apple.quicklook-generator")
    /// An XPC service bundle. Identifier: `com.apple.xpc-service`.
    public static let xpcService = UTType(_system: "com.apple.xpc-service")
    /// A framework bundle. Identifier: `com.apple.framework`.
    public static let framework = UTType(_system: "com.apple.framework")
    /// An application of any form. Identifier: `com.apple.application`.
    public static let application = UTType(_system: "com.apple.application")
    /// A bundled application (`.app`). Identifier: `com.apple.application-bundle`.
    public static let applicationBundle = UTType(_system: "com.apple.application-bundle")
    /// An app extension (`.appex`). Identifier: `com.apple.application-and-system-extension`.
    public static let applicationExtension = UTType(_system: "com.apple.application-and-system-extension")
    /// A flat Unix executable. Identifier: `public.unix-executable`.
    public static let unixExecutable = UTType(_system: "public.unix-executable")
    /// A Windows executable (`.exe`). Identifier: `com.microsoft.windows-executable`.
    public static let exe = UTType(_system: "com.microsoft.windows-executable")
    /// A System Settings pane bundle. Identifier: `com.apple.systempreference.prefpane`.
    public static let systemPreferencesPane = UTType(_system: "com.apple.systempreference.prefpane")

    // MARK: Archives

    /// An archive of files and directories. Identifier: `public.archive`.
    public static let archive = UTType(_system: "public.archive")
    /// A gzip archive (`.gz`). Identifier: `org.gnu.gnu-zip-archive`.
    public static let gzip = UTType(_system: "org.gnu.gnu-zip-archive")
    /// A bzip2 archive (`.bz2`). Identifier: `public.bzip2-archive`.
    public static let bz2 = UTType(_system: "public.bzip2-archive")
    /// A ZIP archive (`.zip`). Identifier: `public.zip-archive`.
    public static let zip = UTType(_system: "public.zip-archive")
    /// An Apple Archive (`.aar`). Identifier: `com.apple.archive`.
    public static let appleArchive = UTType(_system: "com.apple.archive")
    /// A tar archive (`.tar`). Identifier: `public.tar-archive`.
    public static let tarArchive = UTType(_system: "public.tar-archive")

    // MARK: Documents, messages and other content

    /// A spreadsheet of any format. Identifier: `public.spreadsheet`.
    public static let spreadsheet = UTType(_system: "public.spreadsheet")
    /// A presentation of any format. Identifier: `public.presentation`.
    public static let presentation = UTType(_system: "public.presentation")
    /// A database store. Identifier: `public.database`.
    public static let database = UTType(_system: "public.database")
    /// A message of any kind: email, instant message. Identifier: `public.message`.
    public static let message = UTType(_system: "public.message")
    /// Contact information for a person or organization. Identifier: `public.contact`.
    public static let contact = UTType(_system: "public.contact")
    /// A vCard (`.vcf`). Identifier: `public.vcard`.
    public static let vCard = UTType(_system: "public.vcard")
    /// A to-do item. Identifier: `public.to-do-item`.
    public static let toDoItem = UTType(_system: "public.to-do-item")
    /// A calendar event. Identifier: `public.calendar-event`.
    public static let calendarEvent = UTType(_system: "public.calendar-event")
    /// An email message. Identifier: `public.email-message`.
    public static let emailMessage = UTType(_system: "public.email-message")
    /// An Apple internet location file. Identifier: `com.apple.internet-location`.
    public static let internetLocation = UTType(_system: "com.apple.internet-location")
    /// A Microsoft internet shortcut (`.url`). Identifier: `com.microsoft.internet-shortcut`.
    public static let internetShortcut = UTType(_system: "com.microsoft.internet-shortcut")
    /// A font of any format. Identifier: `public.font`.
    public static let font = UTType(_system: "public.font")
    /// A bookmark. Identifier: `public.bookmark`.
    public static let bookmark = UTType(_system: "public.bookmark")
    /// PKCS #12 data (`.p12`). Identifier: `com.rsa.pkcs-12`.
    public static let pkcs12 = UTType(_system: "com.rsa.pkcs-12")
    /// An X.509 certificate (`.cer`). Identifier: `public.x509-certificate`.
    public static let x509Certificate = UTType(_system: "public.x509-certificate")
    /// A console log. Identifier: `public.log`.
    public static let log = UTType(_system: "public.log")
    /// Serialized LinkPresentation metadata. Identifier: `com.apple.linkpresentation.metadata`.
    public static let linkPresentationMetadata = UTType(_system: "com.apple.linkpresentation.metadata")
}
