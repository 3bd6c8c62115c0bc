package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An NVMe controller and the namespace a target is open on: Identify, the Sanitize Status and SMART
 * logs, and an offer of Format NVM and Sanitize for exactly what the identify data says the
 * controller supports. A controller may answer a command it does not claim (QEMU completes Format
 * NVM with crypto erase although FNA says it has none), so nothing it does not claim is offered.
 */
public final class NvmeDrive {
    /** The sanitize overwrite Blockwipe sends: one pass of zeroes, which read as {@link #ZEROES}. */
    static final int OVERWRITE_PATTERN = 0x00000000;
    private static final Pattern ZEROES = Pattern.Repeating.of(0x00);

    private NvmeDrive() {
    }

    /**
     * Asks the drive what it is and which erases it offers.
     *
     * @throws IOException when Identify Controller or Identify Namespace does not answer; the logs
     *                     are optional and their absence is a fact or an unavailable offer
     */
    public static DriveReport probe(DeviceCommands drive) throws IOException {
        IdentifyController controller = IdentifyController.parse(
                Answer.ask(drive, NvmeCommands.identifyController()).orThrow("Identify Controller"));
        int nsid = drive.namespaceId();
        IdentifyNamespace namespace = IdentifyNamespace.parse(Answer.ask(drive, NvmeCommands.identifyNamespace(nsid))
                .orThrow("Identify Namespace " + Integer.toUnsignedString(nsid)));
        Answer listed = Answer.ask(drive, NvmeCommands.activeNamespaces());
        Namespaces namespaces = listed.ifSucceeded().map(Namespaces::parse)
                .orElseGet(() -> Namespaces.unlisted(NvmeStatus.describe(listed.completion())));
        Answer sanitizeLog = Answer.ask(drive, NvmeCommands.sanitizeStatusLog());
        Optional<SanitizeStatus> sanitize = sanitizeLog.ifSucceeded().map(SanitizeStatus::parse);
        Optional<SmartHealth> health = Answer.ask(drive, NvmeCommands.smartHealthLog()).ifSucceeded()
                .map(SmartHealth::parse);

        List<String> facts = new ArrayList<>(List.of(
                String.format("Controller: %s, serial %s, firmware %s, PCI vendor 0x%04X", controller.model(),
                        controller.serial(), controller.firmware(), controller.vendorId()),
                formatFact(controller), sanitizeFact(controller)));
        if (controller.anySanitize()) {
            facts.add("Last sanitize: " + sanitize.map(SanitizeStatus::describe).orElse(
                    "the Sanitize Status log did not answer (status " + NvmeStatus.describe(sanitizeLog.completion()) + ")"));
        }
        health.map(SmartHealth::describe).ifPresent(facts::add);
        facts.add(namespaceFact(nsid, namespace));
        facts.add(namespaces.describe());

        Offers offers = new Offers(controller, namespace, nsid, namespaces, sanitize, sanitizeLog);
        return DriveReport.of("NVMe", controller.model(), controller.serial(), controller.firmware(), facts,
                Optional.empty(), FirmwareMethod.Family.NVME, List.of(
                        offers.format(FirmwareMethod.NVME_FORMAT_USER_DATA, FormatNvm.SecureErase.USER_DATA),
                        offers.format(FirmwareMethod.NVME_FORMAT_CRYPTO, FormatNvm.SecureErase.CRYPTO),
                        offers.sanitize(FirmwareMethod.NVME_SANITIZE_BLOCK, Sanitize.Action.BLOCK_ERASE),
                        offers.sanitize(FirmwareMethod.NVME_SANITIZE_CRYPTO, Sanitize.Action.CRYPTO_ERASE),
                        offers.sanitize(FirmwareMethod.NVME_SANITIZE_OVERWRITE, Sanitize.Action.OVERWRITE)));
    }

    private static String formatFact(IdentifyController c) {
        if (!c.formatNvm()) {
            return "Format NVM: not supported";
        }
        return "Format NVM: supported (user data erase; crypto erase: " + (c.formatCryptoErase() ? "yes" : "no")
                + "); applies to: " + (c.formatErasesAllNamespaces() ? "all namespaces" : "this namespace");
    }

    private static String sanitizeFact(IdentifyController c) {
        if (!c.anySanitize()) {
            return "Sanitize: not supported";
        }
        List<String> has = new ArrayList<>();
        List<String> hasNot = new ArrayList<>();
        for (Sanitize.Action a : List.of(Sanitize.Action.BLOCK_ERASE, Sanitize.Action.CRYPTO_ERASE,
                Sanitize.Action.OVERWRITE)) {
            (c.sanitize(a) ? has : hasNot).add(a.label());
        }
        return "Sanitize: " + String.join(", ", has) + (hasNot.isEmpty() ? "" : "; no " + String.join(", no ", hasNot));
    }

    private static String namespaceFact(int nsid, IdentifyNamespace ns) {
        return String.format("Namespace %s: %d blocks of %d bytes, LBA format %d of %d; deallocated blocks read as %s",
                Integer.toUnsignedString(nsid), ns.blocks(), ns.blockSize(), ns.formatIndex(), ns.blockSizes().size(),
                ns.deallocatedReadsAs().map(Pattern::describe).orElse("nothing the drive defines"));
    }

    /** The offers, each available only when the identify data claims the command. */
    private record Offers(IdentifyController controller, IdentifyNamespace namespace, int nsid, Namespaces namespaces,
                          Optional<SanitizeStatus> log, Answer logAnswer) {

        Offer format(FirmwareMethod method, FormatNvm.SecureErase secureErase) {
            if (!controller.formatNvm()) {
                return Offer.unavailable(method, String.format(
                        "the controller does not support Format NVM (OACS 0x%04X, bit 1 clear)", controller.oacs()));
            }
            if (secureErase == FormatNvm.SecureErase.CRYPTO && !controller.formatCryptoErase()) {
                return Offer.unavailable(method, "the controller does not support crypto erase in Format NVM"
                        + " (FNA bit 2 clear)");
            }
            if (controller.formatErasesAllNamespaces() && !namespaces.onlyOne()) {
                return Offer.unavailable(method, String.format("Format NVM on this controller erases every namespace"
                        + " (FNA 0x%02X), and %s: only the namespace chosen may be erased", controller.fna(),
                        namespaces.why()));
            }
            String scope = controller.formatErasesAllNamespaces()
                    ? String.format("erases every namespace of the controller (FNA 0x%02X)", controller.fna())
                    : "erases namespace " + Integer.toUnsignedString(nsid);
            return Offer.available(new FormatOperation(method, FormatNvm.keeping(nsid, namespace, secureErase)),
                    "Format NVM, " + secureErase.label() + ": " + scope, namespace.deallocatedReadsAs(), Optional.empty());
        }

        Offer sanitize(FirmwareMethod method, Sanitize.Action action) {
            if (!controller.anySanitize()) {
                return Offer.unavailable(method, String.format("the controller reports no sanitize support"
                        + " (SANICAP 0x%08X)", controller.sanicap()));
            }
            if (!controller.sanitize(action)) {
                return Offer.unavailable(method, String.format("the controller does not support sanitize %s"
                        + " (SANICAP 0x%08X)", action.label(), controller.sanicap()));
            }
            if (log.isEmpty()) {
                return Offer.unavailable(method, "the Sanitize Status log, which shows a sanitize's progress, did not"
                        + " answer (status " + NvmeStatus.describe(logAnswer.completion()) + ")");
            }
            if (!namespaces.onlyOne()) {
                return Offer.unavailable(method, "sanitize erases every namespace of the NVM subsystem, and "
                        + namespaces.why() + ": only the namespace chosen may be erased (nvme-format-user-data erases"
                        + " one namespace where the controller offers it)");
            }
            Sanitize command;
            Optional<Pattern> readsAs;
            if (action == Sanitize.Action.OVERWRITE) {
                // Without No-Deallocate the drive may deallocate the blocks afterwards, and they read as DLFEAT says.
                boolean keepAllocated = !controller.noDeallocateInhibited();
                command = Sanitize.overwrite(OVERWRITE_PATTERN, keepAllocated);
                readsAs = keepAllocated ? Optional.of(ZEROES) : namespace.deallocatedReadsAs().filter(ZEROES::equals);
            } else {
                command = Sanitize.erase(action);
                readsAs = namespace.deallocatedReadsAs();
            }
            Optional<Duration> estimate = log.get().estimate(action);
            return Offer.available(new SanitizeOperation(method, command, estimate), "Sanitize, " + action.label()
                    + ": erases every namespace of the NVM subsystem, spare blocks included", readsAs, estimate);
        }
    }
}
