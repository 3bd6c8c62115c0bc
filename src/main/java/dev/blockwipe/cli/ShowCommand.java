package dev.blockwipe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.InventoryJson;
import dev.blockwipe.report.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * {@code blockwipe show DEVICE}: every fact about one disk or partition, found as {@link DeviceLookup}
 * finds it (so the verdict is the one a wipe of the same path would judge), and what its drive says
 * through its commands.
 */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Print every fact Blockwipe knows about one device.")
final class ShowCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DEVICE", description = "A device name (sdb, loop0p1) or path (/dev/sdb, /dev/disk/by-id/...).")
    private String device;

    @Option(names = "--json", description = "Print the device as one JSON object.")
    private boolean json;

    private final TargetOpener opener;
    private final InventorySource source;

    ShowCommand() {
        this(new LinuxTargets(), new LinuxInventory());
    }

    ShowCommand(TargetOpener opener, InventorySource source) {
        this.opener = opener;
        this.source = source;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        DeviceLookup found = DeviceLookup.find(device, opener, source);
        if (json) {
            ObjectMapper mapper = Json.mapper();
            ObjectNode node = new InventoryJson(mapper).device(found.inventory(), found.device());
            node.set("drive", new InventoryJson(mapper).drive(found.drive().drive(), found.drive().smart()));
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(node));
            return ExitCode.OK;
        }
        for (FactSheet.Fact fact : FactSheet.of(found.inventory(), found.device())) {
            out.printf("%-18s %s%n", fact.key() + ":", fact.value());
        }
        for (FactSheet.Fact fact : found.drive().facts()) {
            out.printf("%-18s %s%n", fact.key() + ":", fact.value());
        }
        return ExitCode.OK;
    }
}
