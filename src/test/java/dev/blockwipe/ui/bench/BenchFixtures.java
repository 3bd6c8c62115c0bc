package dev.blockwipe.ui.bench;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.FileKeys;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.tree.RowFacts;
import dev.blockwipe.ui.tree.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;

/** A benchmark of an image file with small settings (3 samples of 1 MiB, 25 random reads), its reports under a test folder. */
final class BenchFixtures {
    private BenchFixtures() {
    }

    static Path reports(Path dir) {
        return dir.resolve("reports");
    }

    /**
     * @param whyNoWrite why writing is not offered, or empty
     * @param fx         where the view-model's updates run
     * @param background where the measurement runs
     */
    static BenchViewModel benchmark(Path dir, Path file, String whyNoWrite, Executor fx, Executor background)
            throws Exception {
        BenchViewModel vm = asOpened(dir, file, whyNoWrite, fx, background);
        vm.samplesProperty().set(3);
        vm.sampleMiBProperty().set(1);
        vm.accessReadsProperty().set(25);
        return vm;
    }

    /** The benchmark as the dialog opens on it, with the settings it chooses itself. */
    static BenchViewModel asOpened(Path dir, Path file, String whyNoWrite, Executor fx, Executor background)
            throws Exception {
        TargetIdentity identity = Files.exists(file) ? FileKeys.identity(file) : TargetIdentity.file(0, 0, 0, 0);
        RowFacts facts = new RowFacts(file.getFileName().toString(), file.toString(), identity, "", "",
                Files.exists(file) ? Files.size(file) : 0, "Image", "", "", "", Rows.WIPEABLE, Signatures.NONE, OldData.NONE,
                "", List.of());
        Settings settings = new Settings(dir.resolve("config"), reports(dir), dir.resolve("journals"), Operator.UNNAMED,
                Sh.uid());
        Certifier certifier = new Certifier(settings, new HostInfo("test-host", "", "", "", "", "", ""), BuildInfo.current());
        return new BenchViewModel(facts, whyNoWrite, new LinuxTargets(),
                new Preflight(new LinuxInventory()), certifier::saveBenchmark, fx, background);
    }
}
