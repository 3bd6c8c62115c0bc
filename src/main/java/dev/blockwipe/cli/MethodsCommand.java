package dev.blockwipe.cli;

import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.PassSpec;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code blockwipe methods}: the table of methods with their passes and sources. */
@Command(name = "methods", mixinStandardHelpOptions = true,
        description = "List the wipe methods, their passes and where they come from; with a DEVICE, which of them it offers.")
final class MethodsCommand implements Callable<Integer> {
    /**
     * Said under the Clear methods because most disks decommissioned today are SSDs (issue 36); each
     * wipe of one says it again for its disk, in the dialog and in the certificate's limitations.
     */
    static final String CLEAR_ON_FLASH = "On an SSD, NVMe or flash drive an overwrite (Clear) cannot reach spare,"
            + " remapped or over-provisioned blocks; only the drive's own erase (Purge, below) can.";
    /** Said above the firmware methods: where they are offered, and what the job proves besides the drive's word. */
    static final String PURGE_WHERE = "Offered only where the drive says it supports them (blockwipe show DEVICE"
            + " lists what it offers and why not the rest). Random canaries written before are read back afterwards and"
            + " must all have changed; where the drive defines what its blocks read as, every byte is read back too.";

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "DEVICE",
            description = "A device name or path: list each method offered or not on it, and why not.")
    private String device;

    private final TargetOpener opener;
    private final InventorySource source;

    MethodsCommand() {
        this(new LinuxTargets(), new LinuxInventory());
    }

    MethodsCommand(TargetOpener opener, InventorySource source) {
        this.opener = opener;
        this.source = source;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (device != null) {
            DeviceLookup found = DeviceLookup.find(device, opener, source);
            out.printf("%s (%s):%n", found.device().path(), found.drive().drive().commandSet());
            for (WipeMethod m : WipeMethods.all()) {
                out.printf("  %-25s %s%n", m.name(), offered(m, found));
            }
            return ExitCode.OK;
        }
        out.printf("Written through the block layer%n%n");
        WipeMethods.all().stream().filter(m -> m.technique() != Technique.FIRMWARE).forEach(m -> print(out, m,
                m.technique().isRangeOperation() ? m.technique().label() + ", then read-back of zeroes"
                        : m.passes().stream().map(PassSpec::label).collect(Collectors.joining(", "))));
        out.printf("%s%n%nThe drive's own erase%n%s%n%n", CLEAR_ON_FLASH, PURGE_WHERE);
        WipeMethods.firmware().forEach(m -> print(out, m, m.technique().label()));
        return ExitCode.OK;
    }

    /**
     * Whether {@code m} is offered on the device: an overwrite always; zero-out and discard where
     * the kernel says the device takes them (the wipe asks the device again); secure discard is only
     * known by trying; a firmware method as the drive's offer says, with its reason.
     */
    private static String offered(WipeMethod m, DeviceLookup found) {
        SysfsDisk disk = found.device() instanceof Disk d ? d.facts()
                : found.inventory().disk(((Partition) found.device()).disk()).map(Disk::facts).orElse(null);
        return switch (m.technique()) {
            case OVERWRITE -> "offered";
            case ZERO_OUT -> disk != null && disk.writeZeroesMaxBytes() > 0 ? "offered"
                    : "not offered: the device takes no zero-out (write_zeroes_max_bytes 0)";
            case DISCARD -> disk != null && disk.discardMaxBytes() > 0 ? "offered"
                    : "not offered: the device takes no discard (discard_max_bytes 0)";
            case SECURE_DISCARD -> "offered if the device takes it (only trying tells; refused, exit 5, if not)";
            case FIRMWARE -> FactSheet.offer(found.drive().drive().offer(FirmwareMethod.byName(m.name()).orElseThrow()));
        };
    }

    private static void print(PrintWriter out, WipeMethod m, String passes) {
        out.printf("%-25s %-35s NIST 800-88: %-5s %s%n", m.name(), m.title(), m.nist().label(),
                m.verificationRequired() ? "(verification included)" : "");
        out.printf("%-25s %s%n", "", m.description());
        out.printf("%-25s passes: %s%n", "", passes);
        out.printf("%-25s source: %s%n%n", "", m.source());
    }
}
