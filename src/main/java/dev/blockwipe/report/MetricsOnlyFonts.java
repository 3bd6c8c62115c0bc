package dev.blockwipe.report;

import java.awt.geom.GeneralPath;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.fontbox.FontBoxFont;
import org.apache.fontbox.afm.CharMetric;
import org.apache.fontbox.afm.FontMetrics;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.fontbox.util.BoundingBox;
import org.apache.pdfbox.pdmodel.font.CIDFontMapping;
import org.apache.pdfbox.pdmodel.font.FontMapper;
import org.apache.pdfbox.pdmodel.font.FontMapping;
import org.apache.pdfbox.pdmodel.font.FontMappers;
import org.apache.pdfbox.pdmodel.font.PDCIDSystemInfo;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * The standard 14 fonts as their metrics alone, for a process that writes certificates and never
 * draws one. PDFBox gives each standard font a system font to draw its glyphs with, and finding
 * one means listing every installed font (a cache in {@code ~/.pdfbox.cache}, made on the first
 * run and on every run where the home directory cannot be written, as on a rescue system). Writing
 * needs none of it: the certificate's text is encoded in WinAnsi and measured with the metrics
 * PDFBox carries, and the fonts are not embedded. Without this, a command that wrote a certificate
 * listed every installed font where no cache was, and still paid for the lookup where one was
 * (src/docs/speed.md, "The certificate's fonts").
 * The window, which draws certificates, keeps PDFBox's own mapper.
 */
public final class MetricsOnlyFonts implements FontMapper {
    private MetricsOnlyFonts() {
    }

    /** Makes every font this process creates from here on a metrics-only font; for processes that never render a PDF. */
    public static void install() {
        FontMappers.set(new MetricsOnlyFonts());
    }

    @Override
    public FontMapping<FontBoxFont> getFontBoxFont(String baseFont, PDFontDescriptor fontDescriptor) {
        FontMetrics afm = Standard14Fonts.getAFM(baseFont);
        if (afm == null) {
            throw new UnsupportedOperationException(notStandard(baseFont));
        }
        return new FontMapping<>(new Metrics(afm), false);
    }

    @Override
    public FontMapping<TrueTypeFont> getTrueTypeFont(String baseFont, PDFontDescriptor fontDescriptor) {
        throw new UnsupportedOperationException(notStandard(baseFont));
    }

    @Override
    public CIDFontMapping getCIDFont(String baseFont, PDFontDescriptor fontDescriptor, PDCIDSystemInfo cidSystemInfo) {
        throw new UnsupportedOperationException(notStandard(baseFont));
    }

    private static String notStandard(String baseFont) {
        return "the certificate is written in the standard 14 fonts only, not in " + baseFont;
    }

    /** A font's names, widths and box from its AFM file; no outlines. */
    private static final class Metrics implements FontBoxFont {
        /** Type 1's glyph space: 1000 units to the em. */
        private static final List<Number> MATRIX = List.of(0.001f, 0f, 0f, 0.001f, 0f, 0f);

        private final FontMetrics afm;
        private final Map<String, Float> widths;

        Metrics(FontMetrics afm) {
            this.afm = afm;
            this.widths = afm.getCharMetrics().stream()
                    .collect(Collectors.toUnmodifiableMap(CharMetric::getName, CharMetric::getWx, (a, b) -> a));
        }

        @Override
        public String getName() {
            return afm.getFontName();
        }

        @Override
        public BoundingBox getFontBBox() {
            return afm.getFontBBox();
        }

        @Override
        public List<Number> getFontMatrix() {
            return MATRIX;
        }

        /** No outlines: nothing in this process draws a glyph. */
        @Override
        public GeneralPath getPath(String name) {
            return new GeneralPath();
        }

        @Override
        public float getWidth(String name) {
            return widths.getOrDefault(name, 0f);
        }

        @Override
        public boolean hasGlyph(String name) {
            return widths.containsKey(name);
        }
    }
}
