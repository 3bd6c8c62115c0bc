package dev.blockwipe.cli;

import dev.blockwipe.engine.method.PassSpec;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code blockwipe methods}: the table of methods with their passes and sources. */
@Command(name = "methods", mixinStandardHelpOptions = true, description = "List the wipe methods, their passes and where they come from.")
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

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf("Written through the block layer%n%n");
        WipeMethods.all().stream().filter(m -> m.technique() != Technique.FIRMWARE).forEach(m -> print(out, m,
                m.technique().isRangeOperation() ? m.technique().label() + ", then read-back of zeroes"
                        : m.passes().stream().map(PassSpec::label).collect(Collectors.joining(", "))));
        out.printf("%s%n%nThe drive's own erase%n%s%n%n", CLEAR_ON_FLASH, PURGE_WHERE);
        WipeMethods.firmware().forEach(m -> print(out, m, m.technique().label()));
        return ExitCode.OK;
    }

    private static void print(PrintWriter out, WipeMethod m, String passes) {
        out.printf("%-25s %-35s NIST 800-88: %-5s %s%n", m.name(), m.title(), m.nist().label(),
                m.verificationRequired() ? "(verification included)" : "");
        out.printf("%-25s %s%n", "", m.description());
        out.printf("%-25s passes: %s%n", "", passes);
        out.printf("%-25s source: %s%n%n", "", m.source());
    }
}
