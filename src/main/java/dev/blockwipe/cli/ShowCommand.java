package dev.blockwipe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.report.InventoryJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code blockwipe show DEVICE}: every fact about one disk or partition. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Print every fact Blockwipe knows about one device.")
final class ShowCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DEVICE", description = "A device name (sdb, loop0p1) or path (/dev/sdb, /dev/disk/by-id/...).")
    private String device;

    @Option(names = "--json", description = "Print the device as one JSON object.")
    private boolean json;

    private final InventorySource source;

    ShowCommand() {
        this(new LinuxInventory(true));
    }

    ShowCommand(InventorySource source) {
        this.source = source;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        DeviceInventory inventory = source.scan();
        Device d = inventory.byName(resolve(device)).orElseThrow(() -> new TargetRefusedException(device,
                TargetRefusedException.Reason.NOT_FOUND, "no such disk or partition (see: blockwipe list --all)"));
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(new InventoryJson(mapper).device(inventory, d)));
            return ExitCode.OK;
        }
        Facts f = new Facts(out);
        f.line("device", d.path() + " (" + d.number() + ")");
        f.line("size", Units.bytes(d.size()) + " (" + d.size() + " bytes)");
        if (d instanceof Disk disk) {
            disk(f, disk);
        } else {
            partition(f, (Partition) d, inventory);
        }
        f.line("contents", d.signatures().describe());
        d.signatures().found().forEach(s -> f.line("  " + s.usage(), s.describe() + (s.uuid().isEmpty() ? "" : " UUID " + s.uuid())));
        f.line("usage", d.usage().inUse() ? d.usage().describe() : "not in use");
        SafetyVerdict v = d.verdict();
        f.line("verdict", v.level() + ": " + v.describe()
                + (v instanceof SafetyVerdict.Blocked b && b.reason().forceOverrides() ? " (--force overrides this)" : ""));
        return ExitCode.OK;
    }

    private static void disk(Facts f, Disk d) {
        f.line("kind", d.kind().label() + " (transport " + d.transport().label() + ")");
        f.line("model", d.identity().model());
        f.line("vendor", d.identity().vendor());
        f.line("serial", d.identity().serial());
        f.line("wwn", d.identity().wwn());
        f.line("firmware", d.identity().firmware());
        f.line("block sizes", d.facts().logicalBlockSize() + " logical / " + d.facts().physicalBlockSize() + " physical");
        f.line("rotational", d.facts().rotational() ? "yes" : "no");
        f.line("removable", d.facts().removable() ? "yes" : "no");
        f.line("read-only", d.facts().readOnly() ? "yes" : "no");
        f.line("discard", d.facts().discardMaxBytes() > 0 ? "yes, up to " + Units.bytes(d.facts().discardMaxBytes()) : "no");
        f.line("zero-out", d.facts().writeZeroesMaxBytes() > 0 ? "yes, up to " + Units.bytes(d.facts().writeZeroesMaxBytes()) : "no");
        f.line("max request", d.facts().maxSectorsKb() + " KiB");
        f.line("optimal I/O size", d.facts().optimalIoSize() == 0 ? "not reported" : Units.bytes(d.facts().optimalIoSize()));
        f.line("backing file", d.facts().loopBackingFile());
        f.line("mapper name", d.facts().mapperName());
        f.line("built on", String.join(", ", d.facts().slaves()));
        f.line("system disk", d.systemDisk() ? "yes" : "no");
        f.line("partition table", d.signatures().partitionTable());
        d.partitions().forEach(p -> f.line("  partition " + p.facts().partition(), p.name() + ", " + Units.bytes(p.size())
                + ", " + p.signatures().describe()));
    }

    private static void partition(Facts f, Partition p, DeviceInventory inventory) {
        f.line("disk", "/dev/" + p.disk());
        f.line("number", String.valueOf(p.facts().partition()));
        f.line("partition table", inventory.disk(p.disk()).map(d -> d.signatures().partitionTable()).orElse(""));
        f.line("entry name", p.signatures().entryName().isEmpty() ? p.facts().entryName() : p.signatures().entryName());
        f.line("start", "sector " + p.facts().startSector() + " (byte " + p.alignment().startBytes() + ")");
        f.line("alignment", p.alignment().describe());
        f.line("read-only", p.facts().readOnly() ? "yes" : "no");
    }

    /** /dev/disk/by-id/... → the kernel name it points to. */
    private static String resolve(String nameOrPath) {
        if (!nameOrPath.startsWith("/")) {
            return nameOrPath;
        }
        try {
            return Path.of(nameOrPath).toRealPath().getFileName().toString();
        } catch (IOException e) {
            return nameOrPath;
        }
    }

    /** "key: value" lines with aligned values; empty values are left out. */
    private record Facts(PrintWriter out) {
        void line(String key, String value) {
            if (value != null && !value.isEmpty()) {
                out.printf("%-18s %s%n", key + ":", value);
            }
        }
    }
}
