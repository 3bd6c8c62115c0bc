package dev.blockwipe.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class AboutTest {

    @Test
    void namesEveryLibraryWithTheVersionTheBuildStampedAndItsLicence() {
        About about = About.current();
        assertThat(about.libraries()).extracting(About.Library::name)
                .containsExactly("JavaFX", "ControlsFX", "AtlantaFX", "Ikonli", "OSHI", "JNA", "PDFBox", "picocli", "Jackson");
        assertThat(about.libraries()).allSatisfy(library -> {
            assertThat(library.version()).as(library.name()).matches("\\d+(\\.\\d+)+");
            assertThat(library.licence()).as(library.name()).isNotBlank().isNotEqualTo("unknown");
        });
        assertThat(about.title()).isEqualTo("Blockwipe " + about.build().version()).doesNotContain("unknown");
        assertThat(about.java()).startsWith(System.getProperty("java.runtime.version"));
    }

    /** The box points at META-INF/LICENSE and META-INF/THIRD-PARTY: the build must put them there, with every library it names. */
    @Test
    void theLicenceTextsTheBoxPointsAtAreInTheBuild() throws IOException {
        assertThat(About.LICENCE).startsWith("Apache License 2.0");
        assertThat(resource("META-INF/LICENSE")).contains("Apache License", "Version 2.0, January 2004");
        String thirdParty = resource("META-INF/THIRD-PARTY");
        assertThat(About.current().libraries()).allSatisfy(library -> assertThat(thirdParty).contains(library.name()));
    }

    /** From this build's classes, not a library's own META-INF file of the same name. */
    private static String resource(String name) throws IOException {
        String build = About.class.getProtectionDomain().getCodeSource().getLocation().toString();
        URL found = Collections.list(About.class.getClassLoader().getResources(name)).stream()
                .filter(url -> url.toString().startsWith(build)).findFirst().orElse(null);
        assertThat(found).as(name + " in " + build).isNotNull();
        try (InputStream in = found.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
