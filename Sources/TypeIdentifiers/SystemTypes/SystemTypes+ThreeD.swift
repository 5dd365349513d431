extension SystemTypes {
    /// 3D content: scenes and models under `public.3d-content`.
    static let threeD: [TypeDeclaration] = [
        TypeDeclaration("public.3d-content", conformsTo: ["public.content"], description: "3D content"),
        TypeDeclaration("com.pixar.universal-scene-description", conformsTo: ["public.3d-content", "public.data"],
                        extensions: ["usd", "usda", "usdc"], description: "Universal Scene Description"),
        TypeDeclaration("com.pixar.universal-scene-description-mobile",
                        conformsTo: ["public.3d-content", "public.data"],
                        extensions: ["usdz"], mimeTypes: ["model/vnd.usdz+zip"],
                        description: "Universal Scene Description package"),
        TypeDeclaration("com.apple.reality", conformsTo: ["public.data"],
                        extensions: ["reality"], mimeTypes: ["model/vnd.reality"], description: "Reality file"),
        TypeDeclaration("com.apple.scenekit.scene", conformsTo: ["public.3d-content", "public.data"],
                        extensions: ["scn", "scnz"], description: "SceneKit scene"),
        TypeDeclaration("com.apple.arobject", conformsTo: ["public.data"],
                        extensions: ["arobject"], description: "AR reference object"),
    ]
}
