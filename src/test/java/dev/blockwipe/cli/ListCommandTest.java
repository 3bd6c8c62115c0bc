package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.FakeSysfs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The `list` table of a fake machine: long models, a long image path, names with control characters. */
class ListCommandTest {
    private static final String LONG_MODEL = "Samsung SSD 870 EVO 4TB, firmware SVT02B6Q, the long name a USB bridge reports";
    private static final String EVIL_MODEL = "Evil\u001b]0;pwned\u0007\nERASED\u009b2J";
    private static final String MOUNT_POINT = "/srv/backups/nightly/customer-archive-2024/ingest";
    private static final String IMAGE_NAME = "blank-disk-image-for-the-lab-2024-11-30.img";

    @TempDir
    Path tmp;
    private FakeSysfs sys;
    private Path image;
    private final Map<String, Identity> identities = new HashMap<>();
    private final Map<String, Signatures> signatures = new HashMap<>();

    @BeforeEach
    void machine() throws IOException {
        sys = new FakeSysfs(tmp.resolve("sys"));
        sys.disk(FakeSysfs.usb("sda"), "8:0").partition(1, 2048, 1_000_000);
        identities.put("sda", new Identity(LONG_MODEL, "", "S6PNNS0T123456A", "", ""));
        signatures.put("8:1", new Signatures(List.of(new Signature("ext4", "filesystem", "backups", "")), "", null));
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");
        identities.put("sdb", new Identity(EVIL_MODEL, "", "", "", ""));
        Path dir = Files.createDirectories(tmp.resolve("lab/images/by-customer/acme-corporation/2024"));
        image = Files.write(dir.resolve(IMAGE_NAME), new byte[4096]);
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toString()).partition(1, 2048, 4096);
        signatures.put("7:0", new Signatures(List.of(new Signature("gpt", Signature.PARTITION_TABLE, "", "")), "", null));
        signatures.put("7:1", new Signatures(List.of(), "esp\r\u001b[2J", null));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 100, 120})
    void fitsTheTerminalWithLongModelsAndPaths(int columns) throws IOException {
        List<String> lines = list(columns).out().lines().toList();

        assertThat(lines).allSatisfy(l -> assertThat(Columns.width(l)).as(l).isLessThanOrEqualTo(columns));
        assertThat(lines.get(0)).matches("NAME +SIZE +KIND +MODEL +VERDICT +WHY");
        assertThat(row(lines, "sda ")).as("a long model keeps its start").contains("Samsung SSD").contains("…")
                .contains("BLOCKED").contains("sda1 is mounted at /srv");
        assertThat(row(lines, "loop0 ")).as("a long path keeps its file name").contains("…").contains("2024-11-30.img")
                .contains("CONFIRM").contains("holds gpt partition table");
    }

    @Test
    void aNarrowTerminalStillGetsNoLongerLines() throws IOException {
        assertThat(list(40).out().lines()).allSatisfy(l -> assertThat(Columns.width(l)).as(l).isLessThanOrEqualTo(40));
    }

    @Test
    void wideShowsEveryColumnInFull() throws IOException {
        Cli wide = list(80, "--wide");

        assertThat(wide.out().lines().findFirst().orElseThrow())
                .matches("NAME +MAJ:MIN +SIZE +KIND +MODEL +SERIAL +CONTENTS +MOUNTS +VERDICT +WHY");
        assertThat(wide.out()).contains(LONG_MODEL, "S6PNNS0T123456A", image.toString(), MOUNT_POINT, "ext4 \"backups\"")
                .doesNotContain("…");
    }

    @Test
    void controlCharactersInModelsAndLabelsArePrintedAsEscapes() throws IOException {
        for (String output : List.of(list(80).out(), list(200).out(), list(80, "--wide").out())) {
            assertThat(output.replace("\n", "").chars()).as(output).noneMatch(c -> c < 0x20 || c >= 0x7f && c <= 0x9f);
        }
        assertThat(list(200).out()).as("in full where there is room").contains("Evil\\x1b]0;pwned\\x07\\nERASED\\x9b2J", "esp\\r\\x1b[2J");
        assertThat(list(80).out()).as("cut").contains("Evil\\x1b]0;pwne…");
    }

    private Cli list(int columns, String... options) throws IOException {
        DeviceInventory inventory = new InventoryBuilder(
                (path, number) -> signatures.getOrDefault(number.toString(), Signatures.NONE),
                d -> identities.getOrDefault(d.name(), Identity.NONE))
                .build(new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes")).scan(),
                        new UsageFacts(List.of(new Mount(new DeviceNumber(8, 1), "/dev/sda1", MOUNT_POINT, "ext4")),
                                List.of(), List.of(), null));
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                return cls == ListCommand.class
                        ? cls.cast(new ListCommand(() -> inventory, path -> {
                            throw new TargetRefusedException(path, Reason.NOT_FOUND, "not in this test");
                        }, () -> columns))
                        : CommandLine.defaultFactory().create(cls);
            }
        };
        List<String> args = new ArrayList<>(List.of("list"));
        args.addAll(List.of(options));
        Cli cli = Cli.with((a, out, err) -> BlockwipeCli.run(a, out, err, factory), args.toArray(String[]::new));
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        return cli;
    }

    private static String row(List<String> lines, String start) {
        return lines.stream().filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + start + " in " + lines));
    }
}
