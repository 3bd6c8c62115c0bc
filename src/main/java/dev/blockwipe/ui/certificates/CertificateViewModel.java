package dev.blockwipe.ui.certificates;

import dev.blockwipe.report.SavedCertificate;
import dev.blockwipe.report.Settings;
import dev.blockwipe.ui.Background;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * One signed certificate as the window shows it: its PDF drawn in the window (no PDF viewer
 * needed, which rescue media and servers rarely have), its signature checked against this
 * machine's key, and copies saved elsewhere together with the signed JSON that proves them. Each
 * of these reads files, so each runs on the background executor and completes on the FX thread.
 */
public final class CertificateViewModel {
    private final SavedCertificate certificate;
    private final Settings settings;
    private final Executor background;
    private final Executor fx;

    /**
     * @param background runs the drawing, the signature check and the copies
     * @param fx         runs on the FX thread
     */
    public CertificateViewModel(Path json, Settings settings, Executor background, Executor fx) {
        this.certificate = new SavedCertificate(json);
        this.settings = settings;
        this.background = background;
        this.fx = fx;
    }

    public Path json() {
        return certificate.json();
    }

    public Path pdf() {
        return certificate.pdf();
    }

    /** The PDF's pages at {@code dpi} (fonts and drawing take a moment). */
    public CompletableFuture<List<Image>> pages(float dpi) {
        return Background.call(background, fx, () -> draw(dpi));
    }

    private List<Image> draw(float dpi) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf().toFile())) {
            PDFRenderer renderer = new PDFRenderer(doc);
            List<Image> pages = new ArrayList<>(doc.getNumberOfPages());
            for (int i = 0; i < doc.getNumberOfPages(); i++) {
                pages.add(image(renderer.renderImageWithDPI(i, dpi, ImageType.RGB)));
            }
            return pages;
        }
    }

    private static Image image(BufferedImage page) {
        int w = page.getWidth();
        int h = page.getHeight();
        int[] argb = page.getRGB(0, 0, w, h, null, 0, w);
        WritableImage image = new WritableImage(w, h);
        image.getPixelWriter().setPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        return image;
    }

    /** "VALID: … signed by SHA256:…" or "TAMPERED: …", against this machine's key. */
    public CompletableFuture<String> verify() {
        return Background.call(background, fx, () -> certificate.verify(settings));
    }

    /** The signed JSON as it is on disk. */
    public CompletableFuture<String> text() {
        return Background.call(background, fx, certificate::text);
    }

    /**
     * Copies the PDF to {@code target} and, beside it under the same name, the signed JSON and its
     * signature (a PDF alone proves nothing); completes with the files written.
     */
    public CompletableFuture<List<Path>> saveAs(Path target) {
        return Background.call(background, fx, () -> certificate.saveAs(target));
    }
}
