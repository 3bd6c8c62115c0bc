package dev.blockwipe.ui.dialogs;

import dev.blockwipe.report.BuildInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;

/** What the About box says: this build, the Java it runs on, and the libraries inside the jar. */
public record About(BuildInfo build, String java, List<Library> libraries) {
    /** The order the About box lists them in; libraries.properties holds their versions and licences. */
    private static final List<String> LIBRARIES = List.of("JavaFX", "ControlsFX", "AtlantaFX", "Ikonli", "OSHI", "JNA", "PDFBox", "picocli", "Jackson");

    /** Blockwipe's own licence, as LICENSE and the pom declare it; the full texts travel in the jar's META-INF. */
    static final String LICENCE = "Apache License 2.0 (META-INF/LICENSE; the libraries: META-INF/THIRD-PARTY)";

    record Library(String name, String version, String licence) {
    }

    public static About current() {
        Properties p = new Properties();
        try (InputStream in = About.class.getResourceAsStream("libraries.properties")) {
            if (in == null) {
                throw new IllegalStateException("libraries.properties is missing from the build");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new About(BuildInfo.current(),
                System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")",
                LIBRARIES.stream().map(name -> new Library(name, p.getProperty(name + ".version", "unknown"),
                        p.getProperty(name + ".licence", "unknown"))).toList());
    }

    String title() {
        return "Blockwipe " + build.version();
    }
}
