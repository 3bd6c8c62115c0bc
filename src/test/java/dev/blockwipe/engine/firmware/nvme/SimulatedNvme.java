package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.NvmeCommand;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * An NVMe controller with one namespace over a disk image, answering admin commands as the NVMe Base
 * Specification 2.0 describes them: Identify (CNS 00h, 01h), Get Log Page (02h SMART / Health, 81h
 * Sanitize Status), Format NVM and Sanitize. It decodes the submission fields itself (it shares no
 * code with the encoders under test) and erases the image it was given, so a test sees the bytes.
 *
 * <p>A sanitize runs in the background: each read of the Sanitize Status log advances it by one step
 * of {@link Builder#sanitizeSteps}; {@link #powerCycle()} leaves it in progress and it carries on,
 * as a drive resumes a sanitize after a power loss. Every erase deallocates the blocks, so when
 * DLFEAT defines what deallocated blocks read as, the image holds that afterwards; otherwise a
 * user data erase and a block erase leave zeroes, a crypto erase pseudo-random bytes, an overwrite
 * its pattern. Exit Failure Mode (SANACT 1) is not modelled: it completes with Invalid Field.
 */
public final class SimulatedNvme implements DeviceCommands {
    public static final int INVALID_OPCODE = 0x0001;
    public static final int INVALID_FIELD = 0x0002;
    public static final int INVALID_NAMESPACE = 0x000B;
    public static final int SANITIZE_FAILED = 0x001C;
    public static final int SANITIZE_IN_PROGRESS = 0x001D;
    public static final int INVALID_LOG_PAGE = 0x0109;
    public static final int INVALID_FORMAT = 0x010A;

    private static final int NO_ESTIMATE = 0xFFFFFFFF;

    private final byte[] image;
    private final Builder config;
    private final List<NvmeCommand> received = new ArrayList<>();
    private final Random noise = new Random(42);

    private int sstat;
    private int sprog = 0xFFFF;
    private int scdw10;
    private int scdw11;
    private int stepsDone;
    private int powerCycles;

    private SimulatedNvme(byte[] image, Builder config) {
        this.image = image;
        this.config = config;
    }

    /** A controller over {@code image}: Format NVM and all three sanitize actions, 512-byte blocks, NSID 1. */
    public static Builder over(byte[] image) {
        return new Builder(image);
    }

    /** What the simulated controller is. */
    public static final class Builder {
        private final byte[] image;
        private String model = "Simulated NVMe";
        private String serial = "SIM0001";
        private String firmware = "1.0";
        private int vendorId = 0x1B36;
        private int nsid = 1;
        /** The controller's active namespaces (Identify CNS 02h); the drive's own {@link #nsid} alone unless set. */
        private int[] namespaces;
        private int blockShift = 9;
        private int oacs = 1 << 1;
        private int fna = 1 << 2;
        private int sanicap = 0b111;
        private int dlfeat = 0b001;
        private int sanitizeSteps = 3;
        private boolean sanitizeFails;
        private boolean formatsCryptoUnclaimed;
        private boolean lies;
        private boolean smart = true;
        private int overwriteEstimate = NO_ESTIMATE;
        private int blockEraseEstimate = NO_ESTIMATE;
        private int cryptoEraseEstimate = NO_ESTIMATE;

        private Builder(byte[] image) {
            this.image = image;
        }

        public Builder model(String model) {
            this.model = model;
            return this;
        }

        public Builder serial(String serial) {
            this.serial = serial;
            return this;
        }

        public Builder firmware(String firmware) {
            this.firmware = firmware;
            return this;
        }

        public Builder vendorId(int vendorId) {
            this.vendorId = vendorId;
            return this;
        }

        /** The namespace's ID, which {@link #namespaceId()} reports as the kernel would. */
        /** The controller lists these active namespaces (the drive's own among them, or not: a test's choice). */
        public Builder namespaces(int... ids) {
            this.namespaces = ids.clone();
            return this;
        }

        public Builder nsid(int nsid) {
            this.nsid = nsid;
            return this;
        }

        /** LBADS: 9 for 512-byte blocks, 12 for 4096. */
        public Builder blockShift(int blockShift) {
            this.blockShift = blockShift;
            return this;
        }

        /** Identify Controller OACS (bit 1: Format NVM). */
        public Builder oacs(int oacs) {
            this.oacs = oacs;
            return this;
        }

        /** Identify Controller FNA (bit 0 format all namespaces, bit 1 secure erase all, bit 2 crypto erase). */
        public Builder fna(int fna) {
            this.fna = fna;
            return this;
        }

        /** Identify Controller SANICAP (bit 0 crypto, bit 1 block, bit 2 overwrite, bit 29 NDI). */
        public Builder sanicap(int sanicap) {
            this.sanicap = sanicap;
            return this;
        }

        /** Identify Namespace DLFEAT bits 2:0 (001b: deallocated blocks read 0x00, 010b: 0xFF, 000b: not reported). */
        public Builder dlfeat(int dlfeat) {
            this.dlfeat = dlfeat;
            return this;
        }

        /** Reads of the Sanitize Status log a sanitize takes; 0 ends it with the command, MAX_VALUE never. */
        public Builder sanitizeSteps(int sanitizeSteps) {
            this.sanitizeSteps = sanitizeSteps;
            return this;
        }

        /** Every sanitize ends failed (SSTAT 3), the image untouched, the drive in sanitize failure mode. */
        public Builder sanitizeFails() {
            this.sanitizeFails = true;
            return this;
        }

        /** QEMU's behaviour: Format NVM with SES 2 completes with success, zeroing, though FNA bit 2 is clear. */
        public Builder formatsCryptoUnclaimed() {
            this.formatsCryptoUnclaimed = true;
            return this;
        }

        /** Completes every command with success, erases nothing and reports every sanitize as completed. */
        public Builder lies() {
            this.lies = true;
            return this;
        }

        /** The SMART / Health log page answers Invalid Log Page. */
        public Builder noSmartLog() {
            this.smart = false;
            return this;
        }

        /** ETOW, ETBE and ETCE in seconds; 0xFFFFFFFF for no estimate. */
        public Builder estimates(int overwrite, int blockErase, int cryptoErase) {
            this.overwriteEstimate = overwrite;
            this.blockEraseEstimate = blockErase;
            this.cryptoEraseEstimate = cryptoErase;
            return this;
        }

        public SimulatedNvme build() {
            if (image.length % (1 << blockShift) != 0) {
                throw new IllegalArgumentException("the image is not a whole number of blocks");
            }
            if (namespaces == null) {
                namespaces = new int[] {nsid};
            }
            return new SimulatedNvme(image, this);
        }
    }

    @Override
    public CommandSet commandSet() {
        return CommandSet.NVME;
    }

    @Override
    public int namespaceId() {
        return config.nsid;
    }

    @Override
    public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
        throw new IOException("an NVMe namespace takes no SCSI commands");
    }

    @Override
    public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) {
        received.add(command);
        int status = switch (command.opcode()) {
            case 0x06 -> identify(command, data);
            case 0x02 -> logPage(command, data);
            case 0x80 -> format(command);
            case 0x84 -> sanitize(command);
            default -> INVALID_OPCODE;
        };
        return new NvmeCompletion(config.lies ? 0 : status, 0);
    }

    /** A power loss and back: a sanitize in progress stays in progress and resumes. */
    public void powerCycle() {
        powerCycles++;
    }

    public int powerCycles() {
        return powerCycles;
    }

    /** Every command received, in order. */
    public List<NvmeCommand> received() {
        return List.copyOf(received);
    }

    /** How many commands with {@code opcode} were received. */
    public long count(int opcode) {
        return received.stream().filter(c -> c.opcode() == opcode).count();
    }

    private int identify(NvmeCommand c, byte[] data) {
        if (data.length < 4096) {
            return INVALID_FIELD;
        }
        Arrays.fill(data, (byte) 0);
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        switch (c.cdw10() & 0xFF) {
            case 0x01 -> {
                b.putShort(0, (short) config.vendorId);
                ascii(data, 4, 20, config.serial);
                ascii(data, 24, 40, config.model);
                ascii(data, 64, 8, config.firmware);
                b.putShort(256, (short) config.oacs);
                b.putInt(328, config.sanicap);
                data[524] = (byte) config.fna;
            }
            case 0x02 -> {
                int at = 0;
                for (int id : config.namespaces) {
                    if (Integer.compareUnsigned(id, c.nsid()) > 0) {
                        b.putInt(at, id);
                        at += 4;
                    }
                }
            }
            case 0x00 -> {
                if (c.nsid() != config.nsid) {
                    return INVALID_NAMESPACE;
                }
                long blocks = image.length >> config.blockShift;
                b.putLong(0, blocks).putLong(8, blocks).putLong(16, blocks);
                data[33] = (byte) config.dlfeat;
                b.putInt(128, config.blockShift << 16);
            }
            default -> {
                return INVALID_FIELD;
            }
        }
        return 0;
    }

    private int logPage(NvmeCommand c, byte[] data) {
        int bytes = (((c.cdw11() & 0xFFFF) << 16 | c.cdw10() >>> 16) + 1) * 4;
        if (bytes != data.length) {
            return INVALID_FIELD;
        }
        byte[] page = new byte[512];
        ByteBuffer b = ByteBuffer.wrap(page).order(ByteOrder.LITTLE_ENDIAN);
        switch (c.cdw10() & 0xFF) {
            case 0x02 -> {
                if (!config.smart) {
                    return INVALID_LOG_PAGE;
                }
                page[5] = 3;
                b.putLong(128, 1234).putLong(160, 0);
            }
            case 0x81 -> {
                if ((config.sanicap & 0b111) == 0) {
                    return INVALID_LOG_PAGE;
                }
                advanceSanitize();
                int state = config.lies ? 1 | 1 << 8 : sstat;
                b.putShort(0, (short) (config.lies ? 0xFFFF : sprog)).putShort(2, (short) state).putInt(4, scdw10)
                        .putInt(8, config.overwriteEstimate).putInt(12, config.blockEraseEstimate)
                        .putInt(16, config.cryptoEraseEstimate);
            }
            default -> {
                return INVALID_LOG_PAGE;
            }
        }
        System.arraycopy(page, 0, data, 0, Math.min(page.length, data.length));
        return 0;
    }

    private int format(NvmeCommand c) {
        if ((config.oacs & 1 << 1) == 0) {
            return INVALID_OPCODE;
        }
        if (sanitizeState() == 2) {
            return SANITIZE_IN_PROGRESS;
        }
        if (sanitizeState() == 3) {
            return SANITIZE_FAILED;
        }
        if (c.nsid() != config.nsid && c.nsid() != 0xFFFFFFFF) {
            return INVALID_NAMESPACE;
        }
        int cdw10 = c.cdw10();
        int lbaf = cdw10 & 0xF | ((cdw10 >> 12) & 0b11) << 4;
        if (lbaf != 0 || (cdw10 >> 4 & 1) != 0 || (cdw10 >> 5 & 0b111) != 0 || (cdw10 >> 8 & 1) != 0) {
            return INVALID_FORMAT;
        }
        int ses = cdw10 >> 9 & 0b111;
        boolean crypto = ses == 2;
        if (ses > 2 || crypto && (config.fna & 1 << 2) == 0 && !config.formatsCryptoUnclaimed) {
            return INVALID_FIELD;
        }
        if (config.lies) {
            return 0;
        }
        if (crypto && (config.fna & 1 << 2) == 0) {
            Arrays.fill(image, (byte) 0);
        } else if (ses != 0) {
            fill(crypto ? Fill.RANDOM : Fill.ZEROES, 0, true);
        }
        return 0;
    }

    private int sanitize(NvmeCommand c) {
        if ((config.sanicap & 0b111) == 0) {
            return INVALID_OPCODE;
        }
        if (sanitizeState() == 2) {
            return SANITIZE_IN_PROGRESS;
        }
        int cdw10 = c.cdw10();
        int capability = switch (cdw10 & 0b111) {
            case 2 -> 1 << 1;
            case 3 -> 1 << 2;
            case 4 -> 1;
            default -> 0;
        };
        boolean noDeallocateRefused = (cdw10 >> 9 & 1) != 0 && (config.sanicap & 1 << 29) != 0;
        if ((config.sanicap & capability) == 0 || noDeallocateRefused) {
            return INVALID_FIELD;
        }
        scdw10 = cdw10;
        if (config.lies) {
            return 0;
        }
        scdw11 = c.cdw11();
        sstat = 2;
        sprog = 0;
        stepsDone = 0;
        if (config.sanitizeSteps == 0) {
            finishSanitize();
        }
        return 0;
    }

    private void advanceSanitize() {
        if (sanitizeState() != 2 || config.sanitizeSteps == Integer.MAX_VALUE) {
            return;
        }
        stepsDone++;
        if (stepsDone >= config.sanitizeSteps) {
            finishSanitize();
        } else {
            sprog = (int) (65536L * stepsDone / config.sanitizeSteps);
        }
    }

    private void finishSanitize() {
        sprog = 0xFFFF;
        if (config.sanitizeFails) {
            sstat = 3;
            return;
        }
        switch (scdw10 & 0b111) {
            case 2 -> fill(Fill.ZEROES, 0, true);
            case 4 -> fill(Fill.RANDOM, 0, true);
            default -> overwrite();
        }
        sstat = 1 | 1 << 8;
    }

    private void overwrite() {
        int passes = (scdw10 >> 4 & 0xF) == 0 ? 16 : scdw10 >> 4 & 0xF;
        boolean invertLast = (scdw10 >> 8 & 1) != 0 && passes % 2 == 0;
        int pattern = invertLast ? ~scdw11 : scdw11;
        fill(Fill.PATTERN, pattern, (scdw10 >> 9 & 1) == 0);
        sstat |= passes << 3;
    }

    private enum Fill { ZEROES, RANDOM, PATTERN }

    /** Fills the image as an erase leaves it; deallocated blocks read as DLFEAT says, where it says. */
    private void fill(Fill kind, int pattern, boolean deallocated) {
        switch (deallocated ? config.dlfeat & 0b111 : 0) {
            case 0b001 -> Arrays.fill(image, (byte) 0x00);
            case 0b010 -> Arrays.fill(image, (byte) 0xFF);
            default -> {
                switch (kind) {
                    case ZEROES -> Arrays.fill(image, (byte) 0);
                    case RANDOM -> noise.nextBytes(image);
                    case PATTERN -> {
                        for (int i = 0; i < image.length; i++) {
                            image[i] = (byte) (pattern >>> 8 * (i % 4));
                        }
                    }
                }
            }
        }
    }

    private int sanitizeState() {
        return sstat & 0b111;
    }

    private static void ascii(byte[] data, int offset, int length, String text) {
        byte[] padded = new byte[length];
        Arrays.fill(padded, (byte) ' ');
        byte[] t = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(t, 0, padded, 0, Math.min(t.length, length));
        System.arraycopy(padded, 0, data, offset, length);
    }
}
