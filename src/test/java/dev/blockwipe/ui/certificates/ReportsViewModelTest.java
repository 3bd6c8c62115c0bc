package dev.blockwipe.ui.certificates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.report.CertificateListing;
import dev.blockwipe.report.CertificateListing.Column;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window's list of certificates shows what each says, and no column that no certificate fills. */
class ReportsViewModelTest {
    private static final Settings SETTINGS = new Settings(Path.of("/nonexistent/config"), Path.of("/nonexistent/reports"),
            Path.of("/nonexistent/journals"), Operator.UNNAMED, 1000);

    @Test
    void theListShowsAssetTagAndMethodWhereCertificatesHaveThem() throws Exception {
        ReportsViewModel vm = listing(
                line("sdb", "WD-1", "LAB-0042", "dod-short", "Erased"),
                line("loop3", "", "", "zero", "Erased"));

        vm.refresh().get();

        assertThat(vm.columns()).containsExactly(Column.DATE, Column.DEVICE, Column.SERIAL, Column.ASSET_TAG, Column.METHOD,
                Column.RESULT);
        assertThat(Column.DATE.of(vm.entries().get(0))).isEqualTo("2026-12-05 16:12:04 UTC");
    }

    @Test
    void aColumnNoCertificateFillsIsLeftOut() throws Exception {
        ReportsViewModel vm = listing(line("loop3", "", "", "zero", "Erased"), line("loop4", "", "", "zero", "Failed"));

        vm.refresh().get();

        assertThat(vm.columns()).containsExactly(Column.DATE, Column.DEVICE, Column.METHOD, Column.RESULT);
    }

    private static ReportsViewModel listing(CertificateListing... lines) {
        return new ReportsViewModel(SETTINGS, () -> List.of(lines), Runnable::run, Runnable::run);
    }

    private static CertificateListing line(String device, String serial, String tag, String method, String outcome) {
        return new CertificateListing(Path.of("/r/" + device + ".json"), "2026-12-05 16:12:04 UTC", device, serial, tag,
                method, outcome, null);
    }
}
