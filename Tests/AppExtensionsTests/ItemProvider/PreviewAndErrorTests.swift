import Foundation
import Testing
import AppExtensions

@Suite struct PreviewImageTests {
    @Test func withoutAHandlerThePreviewIsUnavailable() async {
        let provider = ItemProvider(item: .data(Data([1])), typeIdentifier: "public.png")
        #expect(!provider.hasPreviewImage)
        let error = await loadError { _ = try await provider.loadPreviewImage() }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message == "No preview image for an item of types public.png: previewImageHandler is not set")
    }

    @Test func theHandlerGetsThePreferredSize() async throws {
        let sizes = Recorder<CGSize>()
        let provider = ItemProvider()
        provider.previewImageHandler = { completion, _, options in
            if let size = options.preferredImageSize { sizes.record(size) }
            completion(.data(Data([0x89, 0x50])), nil)
        }
        let preview = try await provider.loadPreviewImage(options: [LoadOptions.preferredImageSizeKey: CGSize(width: 300, height: 300)])
        #expect(preview as? Data == Data([0x89, 0x50]))
        #expect(sizes.all == [CGSize(width: 300, height: 300)])
    }

    @Test func aPreviewMustBeDataOrAURL() async {
        let provider = ItemProvider()
        provider.previewImageHandler = { completion, _, _ in completion("not an image", nil) }
        let error = await loadError { _ = try await provider.loadPreviewImage() }
        #expect(error?.code == .unexpectedValueClassError)
        #expect(error?.message == "The preview image handler returned String; expected Data or a URL")
    }

    @Test func aSilentPreviewHandlerTimesOut() async {
        let provider = ItemProvider()
        provider.loadTimeout = 0.1
        provider.previewImageHandler = { _, _, _ in }
        let error = await loadError { _ = try await provider.loadPreviewImage() }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message.hasPrefix("Timed out after 0.1 s loading the preview image") == true)
    }
}

@Suite struct ItemProviderErrorTests {
    @Test(arguments: [
        (ItemProviderError.Code.unknownError, -1),
        (.itemUnavailableError, -1000),
        (.unexpectedValueClassError, -1100),
        (.unavailableCoercionError, -1200),
    ])
    func bridgesToNSErrorWithAppleDomainAndCode(_ code: ItemProviderError.Code, _ raw: Int) {
        let underlying = NSError(domain: NSCocoaErrorDomain, code: 260)
        let error = ItemProviderError(code, "Cannot load representation of type public.jpeg", underlyingError: underlying)
        let bridged = error as NSError
        #expect(bridged.domain == "NSItemProviderErrorDomain")
        #expect(bridged.code == raw)
        #expect(bridged.localizedDescription.hasPrefix("Cannot load representation of type public.jpeg"))
        #expect((bridged.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == 260)
    }
}
