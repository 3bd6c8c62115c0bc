package dev.blockwipe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.report.InventoryJson;
import dev.blockwipe.report.Json;
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
        this(new LinuxInventory());
    }

    ShowCommand(InventorySource source) {
        this.source = source;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        source.prepare();
        DeviceInventory inventory = source.scan();
        Device d = inventory.byName(resolve(device)).orElseThrow(() -> new TargetRefusedException(device,
                TargetRefusedException.Reason.NOT_FOUND, "no such disk or partition (see: blockwipe list --all)"));
        if (json) {
            ObjectMapper mapper = Json.mapper();
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(new InventoryJson(mapper).device(inventory, d)));
            return ExitCode.OK;
        }
        for (FactSheet.Fact fact : FactSheet.of(inventory, d)) {
            out.printf("%-18s %s%n", fact.key() + ":", fact.value());
        }
        return ExitCode.OK;
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
}
