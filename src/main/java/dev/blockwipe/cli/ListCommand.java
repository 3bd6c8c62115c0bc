package dev.blockwipe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.InventoryJson;
import dev.blockwipe.report.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;

/** {@code blockwipe list}: every disk and partition, what is on it, whether it is in use, the verdict. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List disks and partitions with size, kind, model and the safety verdict, cut to the terminal's"
                + " width; --wide adds device numbers, serials, contents and mounts and cuts nothing.")
final class ListCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "Print the inventory as one JSON object.")
    private boolean json;

    @Option(names = "--wide", description = "Print every column in full, however wide the table gets.")
    private boolean wide;

    @Option(names = {"-a", "--all"}, description = "Include unattached loop devices and unset zram devices.")
    private boolean all;

    private final InventorySource source;
    private final TargetOpener opener;
    private final IntSupplier columns;

    ListCommand() {
        this(new LinuxInventory(), new LinuxTargets(), () -> Terminal.columns(1));
    }

    /**
     * @param opener  locates each disk for --json, whose drive is asked what it offers
     * @param columns the width of standard output
     */
    ListCommand(InventorySource source, TargetOpener opener, IntSupplier columns) {
        this.source = source;
        this.opener = opener;
        this.columns = columns;
    }

    /** What the disk's drive offers; a disk that went away since the scan offers nothing, saying so. */
    private DriveReport drive(Disk disk) {
        try {
            return DriveFacts.report(opener, disk);
        } catch (TargetException e) {
            return DriveReport.none("none", e.getMessage(), List.of());
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        source.prepare();
        DeviceInventory inventory = source.scan();
        List<Disk> disks = all ? inventory.disks() : inventory.visibleDisks();
        if (json) {
            ObjectMapper mapper = Json.mapper();
            InventoryJson writer = new InventoryJson(mapper);
            ObjectNode listed = writer.inventory(inventory, disks);
            for (int i = 0; i < disks.size(); i++) {
                ((ObjectNode) listed.path("disks").get(i)).set("drive", writer.drive(drive(disks.get(i)),
                        Smart.unavailable("list does not read SMART (a program run per drive): blockwipe show does")));
            }
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(listed));
            return ExitCode.OK;
        }
        DeviceTable table = new DeviceTable();
        for (Disk d : disks) {
            table.disk(d);
            for (int i = 0; i < d.partitions().size(); i++) {
                Partition p = d.partitions().get(i);
                table.partition(p, i == d.partitions().size() - 1);
            }
        }
        if (wide) {
            table.printWide(out);
        } else {
            table.print(out, columns.getAsInt());
        }
        if (inventory.usage().problem() != null) {
            out.println();
            out.println("Every device is blocked: " + inventory.usage().problem());
        }
        return ExitCode.OK;
    }
}
