extension SystemTypes {
    /// Archives and disk images.
    ///
    /// `public.zip-archive` reaches `public.data` and `public.archive` through
    /// `com.pkware.zip-archive`; `public.archive` and `public.disk-image` have no parent.
    static let archives: [TypeDeclaration] = [
        TypeDeclaration("public.archive", description: "archive"),
        TypeDeclaration("org.gnu.gnu-zip-archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["gz", "gzip"], mimeTypes: ["application/x-gzip", "application/gzip"],
                        description: "gzip archive"),
        TypeDeclaration("org.gnu.gnu-zip-tar-archive", conformsTo: ["org.gnu.gnu-zip-archive"],
                        extensions: ["tgz"], description: "gzip-compressed tar archive"),
        TypeDeclaration("public.bzip2-archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["bz2", "bz", "bzip2"],
                        mimeTypes: ["application/x-bzip2", "application/x-bzip", "application/bzip2", "application/bzip"],
                        description: "bzip2 archive"),
        TypeDeclaration("com.pkware.zip-archive", conformsTo: ["public.data", "public.archive"],
                        description: "PKZip archive"),
        TypeDeclaration("public.zip-archive", conformsTo: ["com.pkware.zip-archive"],
                        extensions: ["zip"], mimeTypes: ["application/zip", "application/x-zip-compressed"],
                        description: "ZIP archive"),
        TypeDeclaration("com.apple.archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["aar", "yaa"], description: "Apple Archive"),
        TypeDeclaration("public.tar-archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["tar"], mimeTypes: ["application/x-tar", "application/tar"], description: "tar archive"),
        TypeDeclaration("org.tukaani.xz-archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["xz"], mimeTypes: ["application/x-xz"], description: "XZ archive"),
        TypeDeclaration("org.7-zip.7-zip-archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["7z"], mimeTypes: ["application/x-7z-compressed"], description: "7-Zip archive"),
        TypeDeclaration("com.rarlab.rar-archive", conformsTo: ["public.data", "public.archive"],
                        extensions: ["rar"], mimeTypes: ["application/vnd.rar", "application/x-rar-compressed"],
                        description: "RAR archive"),
        TypeDeclaration("public.disk-image", description: "disk image"),
        TypeDeclaration("com.apple.disk-image-udif", conformsTo: ["public.data", "public.disk-image"],
                        extensions: ["dmg"], mimeTypes: ["application/x-apple-diskimage"],
                        description: "Apple disk image"),
        TypeDeclaration("public.iso-image", conformsTo: ["public.data", "public.disk-image"],
                        extensions: ["iso"], mimeTypes: ["application/x-iso9660-image"], description: "ISO disk image"),
    ]
}
