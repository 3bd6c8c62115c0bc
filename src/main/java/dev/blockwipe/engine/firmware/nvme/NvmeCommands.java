package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.NvmeCommand;
import java.time.Duration;

/**
 * The admin commands that ask an NVMe drive about itself, encoded as the NVMe Base Specification 2.0
 * lays out their submission queue entries: Identify and Get Log Page. The erases are
 * {@link FormatNvm} and {@link Sanitize}.
 */
public final class NvmeCommands {
    public static final int GET_LOG_PAGE = 0x02;
    public static final int IDENTIFY = 0x06;
    public static final int FORMAT_NVM = 0x80;
    public static final int SANITIZE = 0x84;

    /** NSID FFFFFFFFh: every namespace, or the controller as a whole for a log page. */
    public static final int ALL_NAMESPACES = 0xFFFFFFFF;

    /** Identify CNS 00h: the namespace data structure of the NSID given. */
    public static final int CNS_NAMESPACE = 0x00;
    /** Identify CNS 01h: the controller data structure. */
    public static final int CNS_CONTROLLER = 0x01;
    /** Identify CNS 02h: the active namespace IDs of the controller above the NSID given, ascending, 0-terminated. */
    public static final int CNS_ACTIVE_NAMESPACES = 0x02;
    public static final int IDENTIFY_BYTES = 4096;

    /** Log page 02h: SMART / Health Information. */
    public static final int LOG_SMART_HEALTH = 0x02;
    /** Log page 81h: Sanitize Status. */
    public static final int LOG_SANITIZE_STATUS = 0x81;
    public static final int LOG_PAGE_BYTES = 512;

    /** Identify and log pages answer from the controller's memory: a drive that takes longer is not answering. */
    static final Duration QUERY_TIMEOUT = Duration.ofSeconds(10);

    private NvmeCommands() {
    }

    /** Identify with CNS 01h; the NSID is not used and stays 0. */
    public static NvmeCommand identifyController() {
        return identify(0, CNS_CONTROLLER);
    }

    /** Identify with CNS 02h from NSID 0: the controller's active namespaces, up to 1024. */
    public static NvmeCommand activeNamespaces() {
        return identify(0, CNS_ACTIVE_NAMESPACES);
    }

    /** Identify with CNS 00h for namespace {@code nsid}. */
    public static NvmeCommand identifyNamespace(int nsid) {
        return identify(nsid, CNS_NAMESPACE);
    }

    /**
     * Get Log Page for the controller (NSID FFFFFFFFh): the log page identifier in CDW10 bits 7:0,
     * the number of dwords minus one split into NUMDL (CDW10 bits 31:16) and NUMDU (CDW11 bits 15:0).
     */
    public static NvmeCommand getLogPage(int logPage, int bytes) {
        if (logPage < 0 || logPage > 0xFF || bytes < 4 || bytes % 4 != 0) {
            throw new IllegalArgumentException("log page " + logPage + " of " + bytes + " bytes cannot be asked for");
        }
        int dwordsMinusOne = bytes / 4 - 1;
        int cdw10 = (dwordsMinusOne & 0xFFFF) << 16 | logPage;
        int cdw11 = dwordsMinusOne >>> 16;
        return new NvmeCommand(GET_LOG_PAGE, ALL_NAMESPACES, cdw10, cdw11, 0, 0, 0, 0, bytes,
                DataDirection.FROM_DEVICE, QUERY_TIMEOUT);
    }

    public static NvmeCommand sanitizeStatusLog() {
        return getLogPage(LOG_SANITIZE_STATUS, LOG_PAGE_BYTES);
    }

    public static NvmeCommand smartHealthLog() {
        return getLogPage(LOG_SMART_HEALTH, LOG_PAGE_BYTES);
    }

    private static NvmeCommand identify(int nsid, int cns) {
        return new NvmeCommand(IDENTIFY, nsid, cns, 0, 0, 0, 0, 0, IDENTIFY_BYTES, DataDirection.FROM_DEVICE,
                QUERY_TIMEOUT);
    }
}
