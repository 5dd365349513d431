import Testing
import TypeIdentifiers

/// One `UTType` constant with the identifier Apple gives it.
struct UTTypeConstantCase: Sendable, CustomTestStringConvertible {
    let name: String
    let type: UTType
    let identifier: String
    var testDescription: String { "UTType.\(name)" }

    init(_ name: String, _ type: UTType, _ identifier: String) {
        (self.name, self.type, self.identifier) = (name, type, identifier)
    }

    /// Every constant of Apple's `UTCoreTypes`, with the identifier from its documentation.
    static let all: [UTTypeConstantCase] = [
        .init("item", .item, "public.item"),
        .init("content", .content, "public.content"),
        .init("compositeContent", .compositeContent, "public.composite-content"),
        .init("diskImage", .diskImage, "public.disk-image"),
        .init("data", .data, "public.data"),
        .init("directory", .directory, "public.directory"),
        .init("resolvable", .resolvable, "com.apple.resolvable"),
        .init("symbolicLink", .symbolicLink, "public.symlink"),
        .init("executable", .executable, "public.executable"),
        .init("mountPoint", .mountPoint, "com.apple.mount-point"),
        .init("aliasFile", .aliasFile, "com.apple.alias-file"),
        .init("urlBookmarkData", .urlBookmarkData, "com.apple.bookmark"),
        .init("url", .url, "public.url"),
        .init("fileURL", .fileURL, "public.file-url"),
        .init("text", .text, "public.text"),
        .init("plainText", .plainText, "public.plain-text"),
        .init("utf8PlainText", .utf8PlainText, "public.utf8-plain-text"),
        .init("utf16ExternalPlainText", .utf16ExternalPlainText, "public.utf16-external-plain-text"),
        .init("utf16PlainText", .utf16PlainText, "public.utf16-plain-text"),
        .init("delimitedText", .delimitedText, "public.delimited-values-text"),
        .init("commaSeparatedText", .commaSeparatedText, "public.comma-separated-values-text"),
        .init("tabSeparatedText", .tabSeparatedText, "public.tab-separated-values-text"),
        .init("utf8TabSeparatedText", .utf8TabSeparatedText, "public.utf8-tab-separated-values-text"),
        .init("rtf", .rtf, "public.rtf"),
        .init("html", .html, "public.html"),
        .init("xml", .xml, "public.xml"),
        .init("yaml", .yaml, "public.yaml"),
        .init("css", .css, "public.css"),
        .init("json", .json, "public.json"),
        .init("geoJSON", .geoJSON, "public.geojson"),
        .init("propertyList", .propertyList, "com.apple.property-list"),
        .init("xmlPropertyList", .xmlPropertyList, "com.apple.xml-property-list"),
        .init("binaryPropertyList", .binaryPropertyList, "com.apple.binary-property-list"),
        .init("sourceCode", .sourceCode, "public.source-code"),
        .init("assemblyLanguageSource", .assemblyLanguageSource, "public.assembly-source"),
        .init("cSource", .cSource, "public.c-source"),
        .init("objectiveCSource", .objectiveCSource, "public.objective-c-source"),
        .init("swiftSource", .swiftSource, "public.swift-source"),
        .init("cPlusPlusSource", .cPlusPlusSource, "public.c-plus-plus-source"),
        .init("objectiveCPlusPlusSource", .objectiveCPlusPlusSource, "public.objective-c-plus-plus-source"),
        .init("cHeader", .cHeader, "public.c-header"),
        .init("cPlusPlusHeader", .cPlusPlusHeader, "public.c-plus-plus-header"),
        .init("script", .script, "public.script"),
        .init("appleScript", .appleScript, "com.apple.applescript.text"),
        .init("osaScript", .osaScript, "com.apple.applescript.script"),
        .init("osaScriptBundle", .osaScriptBundle, "com.apple.applescript.script-bundle"),
        .init("javaScript", .javaScript, "com.netscape.javascript-source"),
        .init("shellScript", .shellScript, "public.shell-script"),
        .init("perlScript", .perlScript, "public.perl-script"),
        .init("pythonScript", .pythonScript, "public.python-script"),
        .init("rubyScript", .rubyScript, "public.ruby-script"),
        .init("phpScript", .phpScript, "public.php-script"),
        .init("makefile", .makefile, "public.make-source"),
        .init("pdf", .pdf, "com.adobe.pdf"),
        .init("rtfd", .rtfd, "com.apple.rtfd"),
        .init("flatRTFD", .flatRTFD, "com.apple.flat-rtfd"),
        .init("webArchive", .webArchive, "com.apple.webarchive"),
        .init("epub", .epub, "org.idpf.epub-container"),
        .init("image", .image, "public.image"),
        .init("jpeg", .jpeg, "public.jpeg"),
        .init("tiff", .tiff, "public.tiff"),
        .init("gif", .gif, "com.compuserve.gif"),
        .init("png", .png, "public.png"),
        .init("icns", .icns, "com.apple.icns"),
        .init("bmp", .bmp, "com.microsoft.bmp"),
        .init("ico", .ico, "com.microsoft.ico"),
        .init("rawImage", .rawImage, "public.camera-raw-image"),
        .init("svg", .svg, "public.svg-image"),
        .init("livePhoto", .livePhoto, "com.apple.live-photo"),
        .init("heif", .heif, "public.heif"),
        .init("heic", .heic, "public.heic"),
        .init("heics", .heics, "public.heics"),
        .init("webP", .webP, "org.webmproject.webp"),
        .init("exr", .exr, "com.ilm.openexr-image"),
        .init("dng", .dng, "com.adobe.raw-image"),
        .init("jpegxl", .jpegxl, "public.jpeg-xl"),
        .init("threeDContent", .threeDContent, "public.3d-content"),
        .init("usd", .usd, "com.pixar.universal-scene-description"),
        .init("usdz", .usdz, "com.pixar.universal-scene-description-mobile"),
        .init("realityFile", .realityFile, "com.apple.reality"),
        .init("sceneKitScene", .sceneKitScene, "com.apple.scenekit.scene"),
        .init("arReferenceObject", .arReferenceObject, "com.apple.arobject"),
        .init("audiovisualContent", .audiovisualContent, "public.audiovisual-content"),
        .init("movie", .movie, "public.movie"),
        .init("video", .video, "public.video"),
        .init("audio", .audio, "public.audio"),
        .init("quickTimeMovie", .quickTimeMovie, "com.apple.quicktime-movie"),
        .init("mpeg", .mpeg, "public.mpeg"),
        .init("mpeg2Video", .mpeg2Video, "public.mpeg-2-video"),
        .init("mpeg2TransportStream", .mpeg2TransportStream, "public.mpeg-2-transport-stream"),
        .init("mp3", .mp3, "public.mp3"),
        .init("mpeg4Movie", .mpeg4Movie, "public.mpeg-4"),
        .init("mpeg4Audio", .mpeg4Audio, "public.mpeg-4-audio"),
        .init("appleProtectedMPEG4Audio", .appleProtectedMPEG4Audio, "com.apple.protected-mpeg-4-audio"),
        .init("appleProtectedMPEG4Video", .appleProtectedMPEG4Video, "com.apple.protected-mpeg-4-video"),
        .init("avi", .avi, "public.avi"),
        .init("aiff", .aiff, "public.aiff-audio"),
        .init("wav", .wav, "com.microsoft.waveform-audio"),
        .init("midi", .midi, "public.midi-audio"),
        .init("playlist", .playlist, "public.playlist"),
        .init("m3uPlaylist", .m3uPlaylist, "public.m3u-playlist"),
        .init("ahap", .ahap, "com.apple.haptics.ahap"),
        .init("folder", .folder, "public.folder"),
        .init("volume", .volume, "public.volume"),
        .init("package", .package, "com.apple.package"),
        .init("bundle", .bundle, "com.apple.bundle"),
        .init("pluginBundle", .pluginBundle, "com.apple.plugin"),
        .init("spotlightImporter", .spotlightImporter, "com.apple.metadata-importer"),
        .init("quickLookGenerator", .quickLookGenerator, "com.apple.quicklook-generator"),
        .init("xpcService", .xpcService, "com.apple.xpc-service"),
        .init("framework", .framework, "com.apple.framework"),
        .init("application", .application, "com.apple.application"),
        .init("applicationBundle", .applicationBundle, "com.apple.application-bundle"),
        .init("applicationExtension", .applicationExtension, "com.apple.application-and-system-extension"),
        .init("unixExecutable", .unixExecutable, "public.unix-executable"),
        .init("exe", .exe, "com.microsoft.windows-executable"),
        .init("systemPreferencesPane", .systemPreferencesPane, "com.apple.systempreference.prefpane"),
        .init("archive", .archive, "public.archive"),
        .init("gzip", .gzip, "org.gnu.gnu-zip-archive"),
        .init("bz2", .bz2, "public.bzip2-archive"),
        .init("zip", .zip, "public.zip-archive"),
        .init("appleArchive", .appleArchive, "com.apple.archive"),
        .init("tarArchive", .tarArchive, "public.tar-archive"),
        .init("spreadsheet", .spreadsheet, "public.spreadsheet"),
        .init("presentation", .presentation, "public.presentation"),
        .init("database", .database, "public.database"),
        .init("message", .message, "public.message"),
        .init("contact", .contact, "public.contact"),
        .init("vCard", .vCard, "public.vcard"),
        .init("toDoItem", .toDoItem, "public.to-do-item"),
        .init("calendarEvent", .calendarEvent, "public.calendar-event"),
        .init("emailMessage", .emailMessage, "public.email-message"),
        .init("internetLocation", .internetLocation, "com.apple.internet-location"),
        .init("internetShortcut", .internetShortcut, "com.microsoft.internet-shortcut"),
        .init("font", .font, "public.font"),
        .init("bookmark", .bookmark, "public.bookmark"),
        .init("pkcs12", .pkcs12, "com.rsa.pkcs-12"),
        .init("x509Certificate", .x509Certificate, "public.x509-certificate"),
        .init("log", .log, "public.log"),
        .init("linkPresentationMetadata", .linkPresentationMetadata, "com.apple.linkpresentation.metadata"),
    ]
}

@Suite("UTType constants")
struct ConstantsTests {
    @Test("each constant is the declared system type of its identifier", arguments: UTTypeConstantCase.all)
    func constant(_ c: UTTypeConstantCase) throws {
        #expect(c.type.identifier == c.identifier)
        #expect(c.type.isDeclared)
        #expect(!c.type.isDynamic)
        #expect(c.type.origin == .system)
        #expect(UTType(c.identifier) == c.type)
        #expect(UTType(c.identifier.uppercased()) == c.type)
        let declared = SystemTypes.all.first { $0.identifier == c.identifier }
        #expect(declared != nil)
        #expect(c.type.localizedDescription == declared?.description)
    }

    @Test("no two constants share an identifier")
    func distinct() {
        var seen: [String: String] = [:]
        var clashes: [String] = []
        for c in UTTypeConstantCase.all {
            if let other = seen.updateValue(c.name, forKey: c.identifier) { clashes.append("\(other)/\(c.name)") }
        }
        #expect(clashes == [])
        #expect(UTTypeConstantCase.all.count == 140)
    }
}

/// A filename extension or MIME type and the identifier a lookup must give.
struct WellKnownTagCase: Sendable, CustomTestStringConvertible {
    let tag: String
    let isExtension: Bool
    let identifier: String
    var testDescription: String { "\(isExtension ? "." : "")\(tag) → \(identifier)" }

    static func ext(_ tag: String, _ identifier: String) -> Self { .init(tag: tag, isExtension: true, identifier: identifier) }
    static func mime(_ tag: String, _ identifier: String) -> Self { .init(tag: tag, isExtension: false, identifier: identifier) }

    /// Tags users share every day, as Apple resolves them.
    static let all: [WellKnownTagCase] = [
        .ext("jpg", "public.jpeg"), .ext("jpeg", "public.jpeg"), .ext("JPG", "public.jpeg"),
        .ext("png", "public.png"), .ext("gif", "com.compuserve.gif"), .ext("heic", "public.heic"),
        .ext("heif", "public.heif"), .ext("tiff", "public.tiff"), .ext("webp", "org.webmproject.webp"),
        .ext("svg", "public.svg-image"), .ext("pdf", "com.adobe.pdf"), .ext("txt", "public.plain-text"),
        .ext("html", "public.html"), .ext("htm", "public.html"), .ext("json", "public.json"),
        .ext("xml", "public.xml"), .ext("csv", "public.comma-separated-values-text"), .ext("md", "net.daringfireball.markdown"),
        .ext("mov", "com.apple.quicktime-movie"), .ext("mp4", "public.mpeg-4"), .ext("m4v", "com.apple.m4v-video"),
        .ext("mp3", "public.mp3"), .ext("m4a", "com.apple.m4a-audio"), .ext("wav", "com.microsoft.waveform-audio"),
        .ext("aiff", "public.aiff-audio"), .ext("zip", "public.zip-archive"), .ext("gz", "org.gnu.gnu-zip-archive"),
        .ext("tar", "public.tar-archive"), .ext("vcf", "public.vcard"), .ext("ics", "com.apple.ical.ics"),
        .ext("rtf", "public.rtf"), .ext("doc", "com.microsoft.word.doc"),
        .ext("docx", "org.openxmlformats.wordprocessingml.document"),
        .ext("xlsx", "org.openxmlformats.spreadsheetml.sheet"),
        .ext("pptx", "org.openxmlformats.presentationml.presentation"),
        .ext("odt", "org.oasis-open.opendocument.text"), .ext("epub", "org.idpf.epub-container"),
        .ext("key", "com.apple.iwork.keynote.sffkey"), .ext("mts", "public.avchd-mpeg-2-transport-stream"),
        .ext("ts", "public.mpeg-2-transport-stream"), .ext("yml", "public.yaml"), .ext("log", "com.apple.log"),
        .ext("plist", "com.apple.property-list"), .ext("swift", "public.swift-source"), .ext("py", "public.python-script"),
        .ext("js", "com.netscape.javascript-source"), .ext("webarchive", "com.apple.webarchive"),
        .ext(".png", "public.png"),
        .mime("image/jpeg", "public.jpeg"), .mime("image/png", "public.png"), .mime("image/gif", "com.compuserve.gif"),
        .mime("image/heic", "public.heic"), .mime("application/pdf", "com.adobe.pdf"), .mime("text/plain", "public.plain-text"),
        .mime("text/html", "public.html"), .mime("application/json", "public.json"), .mime("video/quicktime", "com.apple.quicktime-movie"),
        .mime("video/mp4", "public.mpeg-4"), .mime("audio/mpeg", "public.mp3"), .mime("audio/mp4", "public.mpeg-4-audio"), .mime("audio/x-m4a", "com.apple.m4a-audio"),
        .mime("application/zip", "public.zip-archive"), .mime("application/gzip", "org.gnu.gnu-zip-archive"),
        .mime("text/csv", "public.comma-separated-values-text"), .mime("text/vcard", "public.vcard"),
        .mime("text/calendar", "com.apple.ical.ics"), .mime("application/rtf", "public.rtf"),
        .mime("application/msword", "com.microsoft.word.doc"),
        .mime("application/vnd.openxmlformats-officedocument.wordprocessingml.document",
              "org.openxmlformats.wordprocessingml.document"),
        .mime("application/epub+zip", "org.idpf.epub-container"), .mime("message/rfc822", "com.apple.mail.email"),
        .mime("IMAGE/PNG", "public.png"),
    ]
}

/// A constant's preferred tags.
struct ConstantPreferredTagCase: Sendable, CustomTestStringConvertible {
    let type: UTType
    let filenameExtension: String?
    let mimeType: String?
    var testDescription: String { type.identifier }

    init(_ type: UTType, _ filenameExtension: String?, _ mimeType: String?) {
        (self.type, self.filenameExtension, self.mimeType) = (type, filenameExtension, mimeType)
    }

    static let all: [ConstantPreferredTagCase] = [
        .init(.jpeg, "jpeg", "image/jpeg"), .init(.png, "png", "image/png"), .init(.gif, "gif", "image/gif"),
        .init(.heic, "heic", "image/heic"), .init(.pdf, "pdf", "application/pdf"),
        .init(.plainText, "txt", "text/plain"), .init(.utf8PlainText, nil, nil), .init(.html, "html", "text/html"),
        .init(.json, "json", "application/json"), .init(.quickTimeMovie, "mov", "video/quicktime"),
        .init(.mpeg4Movie, "mp4", "video/mp4"), .init(.mp3, "mp3", "audio/mpeg"), .init(.zip, "zip", "application/zip"),
        .init(.applicationBundle, "app", nil), .init(.folder, nil, nil), .init(.image, nil, nil),
        .init(.vCard, "vcf", "text/vcard"), .init(.url, nil, nil), .init(.fileURL, nil, nil),
    ]
}

@Suite("Well-known tags")
struct WellKnownTagTests {
    @Test("lookup by tag gives Apple's identifier", arguments: WellKnownTagCase.all)
    func lookup(_ c: WellKnownTagCase) {
        let found = c.isExtension ? UTType(filenameExtension: c.tag) : UTType(mimeType: c.tag)
        #expect(found?.identifier == c.identifier)
        #expect(found?.isDeclared == true)
    }

    @Test("preferred tags of the constants", arguments: ConstantPreferredTagCase.all)
    func preferred(_ c: ConstantPreferredTagCase) {
        #expect(c.type.preferredFilenameExtension == c.filenameExtension)
        #expect(c.type.preferredMIMEType == c.mimeType)
    }

    @Test("an application bundle is found only among directories")
    func bundleExtension() {
        #expect(UTType(filenameExtension: "app", conformingTo: .directory) == .applicationBundle)
        #expect(UTType(filenameExtension: "app")?.isDynamic == true)
    }
}
