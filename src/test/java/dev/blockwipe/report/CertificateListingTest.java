package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertificateListingTest {
    /** A batch of twelve wiped together: their certificates share a second, and their files' names put loop10 before loop2. */
    @Test
    void newestFirstAndOneSecondsCertificatesInTheDevicesNaturalOrder() {
        List<CertificateListing> lines = new ArrayList<>(List.of(
                line("loop10", "2026-12-05 19:33:12 UTC"),
                line("loop2", "2026-12-05 19:33:12 UTC"),
                line("unreadable", ""),
                line("sdb", "2026-12-04 08:00:00 UTC"),
                line("loop9", "2026-12-05 19:33:13 UTC"),
                line("loop1", "2026-12-05 19:33:12 UTC")));

        lines.sort(CertificateListing.NEWEST_FIRST);

        assertThat(lines).extracting(CertificateListing::device)
                .containsExactly("loop9", "loop1", "loop2", "loop10", "sdb", "unreadable");
    }

    private static CertificateListing line(String device, String created) {
        return new CertificateListing(Path.of(device + ".json"), created, device, "", "", "zero", "Erased", null);
    }
}
