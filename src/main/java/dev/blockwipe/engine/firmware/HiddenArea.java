package dev.blockwipe.engine.firmware;

/**
 * Sectors a drive hides from the host: a Host Protected Area (the current max address below the
 * native max) or a Device Configuration Overlay restriction (the native max below the factory max).
 *
 * @param userSectors   sectors the host sees (current max LBA + 1)
 * @param nativeSectors sectors READ NATIVE MAX ADDRESS reports (native max LBA + 1)
 * @param factorySectors sectors the drive has with no DCO restriction, or -1 where DCO IDENTIFY is not supported
 */
public record HiddenArea(long userSectors, long nativeSectors, long factorySectors) {
    public long hpaSectors() {
        return Math.max(0, nativeSectors - userSectors);
    }

    public long dcoSectors() {
        return factorySectors < 0 ? 0 : Math.max(0, factorySectors - nativeSectors);
    }

    public boolean any() {
        return hpaSectors() > 0 || dcoSectors() > 0;
    }
}
