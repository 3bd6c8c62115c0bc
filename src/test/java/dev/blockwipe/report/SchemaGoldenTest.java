package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.testing.Sh;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Certificates and journals as released versions of Blockwipe wrote them (src/test/resources/
 * dev/blockwipe/report/golden: each with the public key that signed it, made by a real wipe of an
 * image file with the code of that version): they still verify, read into the model with the
 * values they hold, and a certificate written again from what was read is the same bytes. A new
 * schema version adds its own folder here; the old ones stay.
 */
class SchemaGoldenTest {
    private static final String V5 = "certificate-v5/20261205T063256Z_vm_v5-disk.img.json";
    private static final String V6 = "certificate-v6/20261205T063313Z_vm_v6-disk.img.json";
    private static final String V7 = "certificate-v7/20261205T082413Z_vm_v7-disk.img.json";
    private static final String V8 = "certificate-v8/20261205T101531Z_vm_GOLD-8.json";
    private static final String V9 = "certificate-v9/20261205T125459Z_vm_v9-disk.img.json";
    private static final String V10 = "certificate-v10/20261205T162123Z_vm_v10-disk.img.json";
    private static final String JOURNAL = "633319959531b956e632f383.journal.json";

    @TempDir
    Path tmp;

    @Test
    void aVersion5CertificateStillVerifiesAndReads() throws Exception {
        assertThat(trusted("certificate-v5").certificate(golden(V5)).message()).startsWith("VALID");

        CertificateDocument c = CertificateDocument.read(Files.readAllBytes(golden(V5)));
        assertThat(c.schemaVersion()).isEqualTo(5);
        assertThat(c.id()).isEqualTo(UUID.fromString("d56624af-d40d-4cbc-9902-1b167cb8ac1c"));
        assertThat(c.created()).hasToString("2026-12-05T06:32:57.129572041Z");
        assertThat(c.result().state()).isEqualTo(FinalState.ERASED);
        assertThat(c.result().outcome()).isEqualTo("Erased");
        assertThat(c.operator()).isEqualTo(new Operator("Golden Fixture", "Blockwipe tests"));
        assertThat(c.device().assetTag()).isEqualTo("GOLD-5");
        assertThat(c.device().identity().fileSystemDevice()).isEqualTo("254:0");
        assertThat(c.device().identity().inode()).isEqualTo(2165114L);
        assertThat(c.device().identity().deviceNumber()).as("a file has no device number of its own").isNull();
        assertThat(c.sanitization().methodTitle()).isEqualTo("DoD 5220.22-M (3 passes)");
        assertThat(c.sanitization().verificationResult().finalCheck().durationSeconds()).isEqualTo(0.02);
        assertThat(c.passes()).hasSize(3);
        assertThat(c.passes().get(0).requestBytes()).as("recorded from schema 6 on").isNull();
        assertThat(c.passes().get(0).profile().get(1)).isEqualTo(new ResultJson.ProfileSample(0.023, 183778785, 4194304));
        assertThat(c.temperature().reported()).isFalse();
        assertThat(c.temperature().maxCelsius()).isNull();
        assertThat(c.runs()).singleElement().satisfies(r -> assertThat(r.toPass()).isEqualTo(4));
        assertThat(c.signing().publicKeyFingerprint()).startsWith("SHA256:991f 320c");
    }

    @Test
    void aVersion6CertificateStillVerifiesAndReads() throws Exception {
        assertThat(trusted("certificate-v6").certificate(golden(V6)).message()).startsWith("VALID");

        CertificateDocument c = CertificateDocument.read(Files.readAllBytes(golden(V6)));
        assertThat(c.schemaVersion()).isEqualTo(6);
        assertThat(c.id()).isEqualTo(UUID.fromString("97eaf80f-34dd-4b39-b1fc-d2965c7493ae"));
        assertThat(c.device().assetTag()).isEqualTo("GOLD-6");
        assertThat(c.device().identity().inode()).isEqualTo(2165125L);
        assertThat(c.sanitization().randomData()).startsWith("AES-256-CTR (Java 17 JCE), measured the fastest here");
        assertThat(c.passes()).extracting(ResultJson.Pass::requestBytes).containsOnly(4 << 20);
        assertThat(c.passes()).extracting(ResultJson.Pass::inFlight).containsOnly(4);
        assertThat(c.sanitization().verificationResult().finalCheck().requestBytes()).isEqualTo(4 << 20);
        assertThat(c.limitations()).as("recorded from schema 7 on").isNull();
    }

    @Test
    void aVersion7CertificateVerifiesAndReads() throws Exception {
        assertThat(trusted("certificate-v7").certificate(golden(V7)).message()).startsWith("VALID");

        CertificateDocument c = CertificateDocument.read(Files.readAllBytes(golden(V7)));
        assertThat(c.schemaVersion()).isEqualTo(7);
        assertThat(c.id()).isEqualTo(UUID.fromString("9e21adfd-881f-49a9-9b3d-a67edf47c84a"));
        assertThat(c.device().assetTag()).isEqualTo("GOLD-7");
        assertThat(c.device().identity().inode()).isEqualTo(2171491L);
        assertThat(c.limitations()).as("an image file: nothing an overwrite cannot reach").isEmpty();
    }

    /** The drive's own erase on a simulated NVMe drive: the version that adds firmwareErase (and smart). */
    @Test
    void aVersion8CertificateOfAFirmwareEraseVerifiesAndReads() throws Exception {
        assertThat(trusted("certificate-v8").certificate(golden(V8)).message()).startsWith("VALID");

        CertificateDocument c = CertificateDocument.read(Files.readAllBytes(golden(V8)));
        assertThat(c.schemaVersion()).isEqualTo(8);
        assertThat(c.id()).isEqualTo(UUID.fromString("fd51e3a9-ea22-40d7-97b7-75abde688157"));
        assertThat(c.firmwareErase().command()).startsWith("Format NVM (opcode 0x80)");
        assertThat(c.firmwareErase().canaries().changed()).isEqualTo(64);
        assertThat(c.firmwareErase().purge()).startsWith("Purge: ");
        assertThat(c.limitations()).as("the drive's own erase reaches what an overwrite does not").isEmpty();
    }

    /** The version that names the machine by its board serial too (empty here: this machine's DMI has none). */
    @Test
    void aVersion9CertificateVerifiesAndReads() throws Exception {
        assertThat(trusted("certificate-v9").certificate(golden(V9)).message()).startsWith("VALID");

        CertificateDocument c = CertificateDocument.read(Files.readAllBytes(golden(V9)));
        assertThat(c.schemaVersion()).isEqualTo(9);
        assertThat(c.device().assetTag()).isEqualTo("GOLD-9");
        assertThat(c.host().boardSerial()).isEmpty();
        assertThat(CertificateDocument.read(Files.readAllBytes(golden(V8))).host().boardSerial())
                .as("not recorded before schema 9").isNull();
    }

    /** The version that says why the machine's DMI facts are missing: this machine has no DMI at all. */
    @Test
    void aVersion10CertificateVerifiesAndSaysWhyTheSystemIsNotNamed() throws Exception {
        assertThat(trusted("certificate-v10").certificate(golden(V10)).message()).startsWith("VALID");

        CertificateDocument c = CertificateDocument.read(Files.readAllBytes(golden(V10)));
        assertThat(c.schemaVersion()).isEqualTo(10);
        assertThat(c.device().assetTag()).isEqualTo("GOLD-10");
        assertThat(c.host().systemUnread()).isEqualTo("no DMI on this machine (/sys/class/dmi/id is missing)");
        assertThat(c.host().describeSystem()).isEqualTo("not readable: no DMI on this machine (/sys/class/dmi/id is missing)");
        CertificateDocument v9 = CertificateDocument.read(Files.readAllBytes(golden(V9)));
        assertThat(v9.host().systemUnread()).as("not recorded before schema 10").isNull();
        assertThat(v9.host().describeSystem()).isEqualTo("not recorded");
    }

    /** Field names, their order, which are left out and how numbers are written: all of it, byte for byte. */
    @Test
    void aCertificateReadAndWrittenAgainIsTheSignedBytes() throws Exception {
        for (String version : List.of(V5, V6, V7, V8, V9, V10)) {
            byte[] signed = Files.readAllBytes(golden(version));
            assertThat(new String(Json.canonical(CertificateDocument.read(signed)), StandardCharsets.UTF_8)).as(version)
                    .isEqualTo(new String(signed, StandardCharsets.UTF_8));
        }
    }

    @Test
    void anyChangedByteOfAGoldenCertificateFailsVerification() throws Exception {
        for (String version : List.of(V5, V6, V7, V8, V9, V10)) {
            Path folder = copy(Path.of(version).getParent().toString());
            Path json = folder.resolve(Path.of(version).getFileName());
            TrustedKey key = trusted(Path.of(version).getParent().toString());
            byte[] original = Files.readAllBytes(json);
            for (int i = 0; i < original.length; i++) {
                byte[] edited = original.clone();
                edited[i] ^= 0x01;
                Files.write(json, edited);
                assertThat(key.certificate(json).message()).as("%s, byte %d changed", version, i).startsWith("TAMPERED");
            }
        }
    }

    @Test
    void aCertificateOfAVersionThisBlockwipeDoesNotReadIsRefusedAsSuch() throws Exception {
        String v7 = Files.readString(golden(V7));
        for (String version : List.of("4", "11", "\"7\"")) {
            byte[] other = v7.replace("\"schemaVersion\" : 7", "\"schemaVersion\" : " + version).getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(() -> CertificateDocument.read(other)).as(version)
                    .hasMessageContaining("schema version " + version.replace("\"", "") + " is not one this Blockwipe reads");
        }
    }

    /**
     * A journal written before journals were signed over their exact bytes: a wipe interrupted
     * before an upgrade is resumed after it.
     */
    @Test
    void aVersion1JournalStillVerifiesAndReads() throws Exception {
        Journal j = onlyJournal("journal-v1");
        assertThat(j.path()).isEqualTo("/tmp/schema-gold/journal-disk.img");
        assertThat(j.identity().inode()).isEqualTo(2164550L);
        assertThat(j.pass()).isEqualTo(2);
        assertThat(j.offset()).isEqualTo(346685440L);
        assertThat(j.current().end()).isEqualTo("cancelled");
        assertThat(HexFormat.of().formatHex(((Pattern.Random) j.plan().passes().get(2).pattern()).key()))
                .isEqualTo("e174cef26d276b8d9db0be7fe1250c0982db42d42defcb69afe538c9fd212b81");
    }

    @Test
    void aVersion2JournalVerifiesAndReads() throws Exception {
        Journal j = onlyJournal("journal-v2");
        assertThat(j.pass()).isEqualTo(2);
        assertThat(j.offset()).isEqualTo(535187456L);
        assertThat(j.updated()).hasToString("2026-12-05T06:43:19.984089453Z");
        assertThat(HexFormat.of().formatHex(((Pattern.Random) j.plan().passes().get(2).pattern()).key()))
                .isEqualTo("7011f130afe8b4890cd8b2555b592eeb1537fd487cf491c3d84881a200e95410");
        assertThat(j.document()).as("the model holds all of the document").isEqualTo(
                JournalFile.read(Files.readAllBytes(golden("journal-v2/" + JOURNAL)), trusted("journal-v2")).document());
    }

    /** Every byte of the journal object is signed as it stands; the same journal re-indented is not. */
    @Test
    void anyChangedByteOfAJournalMakesItUntrusted() throws Exception {
        for (String version : List.of("journal-v1", "journal-v2")) {
            byte[] original = Files.readAllBytes(golden(version + "/" + JOURNAL));
            int start = new String(original, StandardCharsets.UTF_8).indexOf("\"journal\" : {") + "\"journal\" : ".length();
            int end = new String(original, StandardCharsets.UTF_8).indexOf("\"signature\"");
            for (int i = start; i < end; i++) {
                byte[] edited = original.clone();
                edited[i] ^= 0x01;
                assertThat(JournalFile.read(edited, trusted(version)).signed()).as("%s, byte %d changed", version, i)
                        .isFalse();
            }
        }
        byte[] v2 = Files.readAllBytes(golden("journal-v2/" + JOURNAL));
        byte[] compact = Json.mapper().writeValueAsBytes(Json.mapper().readTree(v2));
        assertThat(JournalFile.read(v2, trusted("journal-v2")).signed()).isTrue();
        assertThat(JournalFile.read(compact, trusted("journal-v2")).signed()).isFalse();
    }

    @Test
    void anEditedGoldenJournalIsRefusedWhenItsDeviceResumes() throws Exception {
        Journal signed = Journal.of(JournalFile.read(Files.readAllBytes(golden("journal-v2/" + JOURNAL)),
                trusted("journal-v2")).document());
        Path dir = copy("journal-v2");
        Path file = dir.resolve(JOURNAL);
        Files.writeString(file, Files.readString(file).replace("\"offset\" : 535187456", "\"offset\" : 536870912"));
        Journals journals = new Journals(dir, Sh.uid());

        assertThat(journals.all(trusted("journal-v2"))).isEmpty();
        assertThatThrownBy(() -> journals.find(signed.identity(), signed.path(), trusted("journal-v2")))
                .isInstanceOf(Journals.RefusedException.class).hasMessageContaining("was changed after Blockwipe wrote it");
    }

    /** The one journal of a golden folder, as the resume finds it: in a journal directory, checked against its key. */
    private Journal onlyJournal(String folder) throws Exception {
        Path dir = copy(folder);
        Files.delete(dir.resolve(SigningKey.PUBLIC_FILE));
        List<Journal> found = new Journals(dir, Sh.uid()).all(trusted(folder));
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static TrustedKey trusted(String folder) throws Exception {
        return TrustedKey.of(SigningKey.publicKey(Files.readString(golden(folder + "/" + SigningKey.PUBLIC_FILE))));
    }

    private static Path golden(String name) throws Exception {
        return Path.of(SchemaGoldenTest.class.getResource("golden/" + name).toURI());
    }

    /** A private copy of a golden folder, to edit or to use as a journal directory (0700, as Blockwipe makes them). */
    private Path copy(String folder) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(folder));
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        try (Stream<Path> files = Files.list(golden(folder))) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName().toString()));
            }
        }
        return dir;
    }
}
