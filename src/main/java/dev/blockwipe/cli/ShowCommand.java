package dev.blockwipe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.InventoryJson;
import dev.blockwipe.report.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code blockwipe show DEVICE}: every fact about one disk or partition. A name is looked up as
 * lsblk shows it; a path is located as a wipe locates its target ({@link TargetOpener#locate}) and
 * the device is found by its number, so a node outside /dev, a symlink or a by-id path leads to the
 * device (and the verdict) a wipe of the same path would judge.
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
        source.prepare();
        Found found = device.indexOf('/') < 0 ? byName() : byNumber();
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

    /** The device, the inventory it was found in, and what its drive says through its commands. */
    private record Found(DeviceInventory inventory, Device device, DriveFacts drive) {
    }

    /** The device by its name, and its drive asked through the node of that name, if it is still that device. */
    private Found byName() throws IOException {
        DeviceInventory inventory = source.scan();
        Device d = inventory.byName(device).orElseThrow(() -> new TargetRefusedException(device,
                Reason.NOT_FOUND, "no such disk or partition (see: blockwipe list --all)"));
        return new Found(inventory, d, DriveFacts.ask(opener, d));
    }

    /** The path resolved once, as a wipe resolves it, and the device found by the number of what it led to. */
    private Found byNumber() throws IOException {
        try (TargetOpener.Located located = opener.locate(device)) {
            TargetIdentity node = located.node();
            if (node.kind() != TargetKind.BLOCK_DEVICE) {
                throw new TargetRefusedException(device, Reason.WRONG_KIND, "is an image file, not a disk or partition"
                        + " (blockwipe wipe --no-act judges it as a target)");
            }
            DeviceNumber number = new DeviceNumber(node.major(), node.minor());
            DeviceInventory inventory = source.scan();
            Device d = inventory.byNumber(number).orElseThrow(() -> new TargetRefusedException(device,
                    Reason.NOT_FOUND, "is the node of device " + number + ", which the kernel does not list: no such"
                            + " disk or partition (see: blockwipe list --all)"));
            return new Found(inventory, d, DriveFacts.ask(located, d));
        }
    }
}
