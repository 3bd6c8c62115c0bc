package dev.blockwipe.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version and build time of this Blockwipe, as Maven stamped them. */
public record BuildInfo(String version, String built) {

    public static BuildInfo current() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/dev/blockwipe/build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return new BuildInfo("unknown", "unknown");
        }
        return new BuildInfo(p.getProperty("version", "unknown"), p.getProperty("built", "unknown"));
    }
}
