extension SystemTypes {
    /// Messages, contacts, calendars, internet locations, fonts, certificates, logs and
    /// other types that belong to no larger family.
    static let other: [TypeDeclaration] = [
        TypeDeclaration("public.message", description: "message"),
        TypeDeclaration("public.email-message", conformsTo: ["public.message"], description: "email message"),
        // The file form of a message: Apple's Mail declares .eml as com.apple.mail.email.
        TypeDeclaration("com.apple.mail.email", conformsTo: ["public.data", "public.email-message"],
                        extensions: ["eml"], mimeTypes: ["message/rfc822"], description: "email message file"),
        TypeDeclaration("public.contact", description: "contact"),
        TypeDeclaration("public.vcard", conformsTo: ["public.text", "public.contact"],
                        extensions: ["vcf", "vcard"], mimeTypes: ["text/vcard", "text/x-vcard", "text/directory"],
                        description: "vCard"),
        TypeDeclaration("public.to-do-item", description: "to-do item"),
        TypeDeclaration("public.calendar-event", description: "calendar event"),
        // iCalendar is text, as vCard is; Apple's parents for it are not documented.
        TypeDeclaration("com.apple.ical.ics", conformsTo: ["public.text", "public.calendar-event"],
                        extensions: ["ics"], mimeTypes: ["text/calendar"], description: "iCalendar event"),
        TypeDeclaration("public.stored-url", description: "stored URL"),
        TypeDeclaration("com.apple.internet-location", conformsTo: ["public.data", "public.stored-url"],
                        description: "internet location"),
        TypeDeclaration("com.apple.web-internet-location", conformsTo: ["com.apple.internet-location"],
                        extensions: ["webloc"], description: "web location"),
        TypeDeclaration("com.microsoft.internet-shortcut", conformsTo: ["public.data", "public.stored-url"],
                        extensions: ["url"], description: "internet shortcut"),
        TypeDeclaration("public.font", description: "font"),
        TypeDeclaration("public.truetype-ttf-font", conformsTo: ["public.data", "public.font"],
                        extensions: ["ttf"], mimeTypes: ["font/ttf", "application/x-font-ttf"],
                        description: "TrueType font"),
        TypeDeclaration("public.opentype-font", conformsTo: ["public.data", "public.font"],
                        extensions: ["otf"], mimeTypes: ["font/otf", "application/x-font-otf"],
                        description: "OpenType font"),
        TypeDeclaration("public.bookmark", description: "bookmark"),
        TypeDeclaration("com.rsa.pkcs-12", conformsTo: ["public.data"],
                        extensions: ["p12", "pfx"], mimeTypes: ["application/x-pkcs12", "application/pkcs12"],
                        description: "PKCS #12 archive"),
        TypeDeclaration("public.x509-certificate", conformsTo: ["public.data"],
                        extensions: ["cer", "der", "crt", "pem"], mimeTypes: ["application/x-x509-ca-cert", "application/pkix-cert"],
                        description: "X.509 certificate"),
        TypeDeclaration("public.log", description: "log"),
        TypeDeclaration("com.apple.log", conformsTo: ["public.log", "public.plain-text"],
                        extensions: ["log"], description: "log file"),
        TypeDeclaration("com.apple.linkpresentation.metadata", conformsTo: ["public.data"],
                        description: "link metadata"),
        // Wallet passes, as macOS's own type database declares them (UTCoreTypes has none): the
        // pass is a package (pass.json, images, manifest, signature), so it does not conform to
        // public.data, which is why share rules name it on its own (Telegram beside public.data,
        // Wire beside public.content); the zipped file is com.apple.pkpass-data, several in one
        // com.apple.pkpasses-data.
        TypeDeclaration("com.apple.pkpass", conformsTo: ["com.apple.bundle", "com.apple.package"],
                        extensions: ["pkpass"], mimeTypes: ["application/vnd.apple.pkpass"], description: "Wallet pass"),
        TypeDeclaration("com.apple.pkpass-data", conformsTo: ["public.data"],
                        extensions: ["pkpass"], description: "Wallet pass file"),
        TypeDeclaration("com.apple.pkpasses-data", conformsTo: ["public.data"],
                        extensions: ["pkpasses"], mimeTypes: ["application/vnd.apple.pkpasses"], description: "Wallet passes file"),
    ]
}
