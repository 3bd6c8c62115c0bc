package dev.blockwipe.cli;

import dev.blockwipe.engine.method.PassSpec;
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
     * Every method above writes through the block layer, so none is Purge; said under the table
     * because most disks decommissioned today are SSDs (issue 36). Each wipe of one says it again
     * for its interface, in the dialog and in the certificate's limitations.
     */
    static final String NO_PURGE = "None of these is NIST SP 800-88 Purge: on an SSD, NVMe or flash drive an"
            + " overwrite (Clear) cannot reach spare, remapped or over-provisioned blocks; only the drive's own erase"
            + " (NVMe sanitize or format, ATA sanitize or security erase, SCSI sanitize) can, and this version does"
            + " not offer it.";

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (WipeMethod m : WipeMethods.all()) {
            out.printf("%-17s %-30s NIST 800-88: %-5s %s%n", m.name(), m.title(), m.nist().label(),
                    m.verificationRequired() ? "(verification included)" : "");
            out.printf("%-17s %s%n", "", m.description());
            String passes = m.passes().stream().map(PassSpec::label).collect(Collectors.joining(", "));
            out.printf("%-17s passes: %s%n", "", m.technique().isRangeOperation() ? m.technique().label() + ", then read-back of zeroes" : passes);
            out.printf("%-17s source: %s%n%n", "", m.source());
        }
        out.println(NO_PURGE);
        return ExitCode.OK;
    }
}
