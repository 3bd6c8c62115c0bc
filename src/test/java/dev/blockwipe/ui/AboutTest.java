package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AboutTest {

    @Test
    void namesEveryLibraryWithTheVersionTheBuildStampedAndItsLicence() {
        About about = About.current();
        assertThat(about.libraries()).extracting(About.Library::name)
                .containsExactly("JavaFX", "ControlsFX", "OSHI", "JNA", "PDFBox", "picocli", "Jackson");
        assertThat(about.libraries()).allSatisfy(library -> {
            assertThat(library.version()).as(library.name()).matches("\\d+(\\.\\d+)+");
            assertThat(library.licence()).as(library.name()).isNotBlank().isNotEqualTo("unknown");
        });
        assertThat(about.title()).isEqualTo("Blockwipe " + about.build().version()).doesNotContain("unknown");
        assertThat(about.java()).startsWith(System.getProperty("java.runtime.version"));
    }
}
