package dev.blockwipe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.InventoryJson;
import dev.blockwipe.report.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

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
    private final IntSupplier columns;

    ListCommand() {
        this(new LinuxInventory(), () -> Terminal.columns(1));
    }

    /** @param columns the width of standard output */
    ListCommand(InventorySource source, IntSupplier columns) {
        this.source = source;
        this.columns = columns;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        source.prepare();
        DeviceInventory inventory = source.scan();
        List<Disk> disks = all ? inventory.disks() : inventory.visibleDisks();
        if (json) {
            ObjectMapper mapper = Json.mapper();
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(new InventoryJson(mapper).inventory(inventory, disks)));
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
