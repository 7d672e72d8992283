package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ACL 1.0 files on disk: the default file is created when missing, conf/acl/*.yml are merged (first definition of
 * an access key wins), a changed file is re-read, a bad change keeps the last good content in force, a removed file
 * takes its accounts away, and an unchanged file is not re-read.
 */
class PlainAclWatcherTest {

    @TempDir
    Path home;

    @Test
    void changesAreReloadedAndABadChangeKeepsTheLastGoodFile() throws Exception {
        PlainAclWatcher w = new PlainAclWatcher(home, null);
        w.load();
        Path main = home.resolve("conf/plain_acl.yml");
        assertThat(main).exists().isEmptyFile();
        assertThat(w.accounts().byAccessKey()).isEmpty();
        assertThat(w.poll()).as("nothing changed").isFalse();

        write(main, account("firstKey1", "PUB"), 1);
        assertThat(w.poll()).isTrue();
        assertThat(w.accounts().byAccessKey().get("firstKey1").defaultTopicPerm()).isEqualTo(PlainPermission.PUB);
        assertThat(w.poll()).isFalse();

        write(main, "accounts: [ broken", 2);
        assertThat(w.poll()).isTrue();
        assertThat(w.accounts().byAccessKey()).as("the last good file stays in force").containsOnlyKeys("firstKey1");

        write(main, account("firstKey1", "SUB"), 3);
        w.poll();
        assertThat(w.accounts().byAccessKey().get("firstKey1").defaultTopicPerm()).isEqualTo(PlainPermission.SUB);

        Path extra = home.resolve("conf/acl/team/extra.yaml");
        write(extra, account("firstKey1", "DENY") + account("secondKey", "PUB").replace("accounts:\n", ""), 4);
        assertThat(w.poll()).isTrue();
        assertThat(w.accounts().byAccessKey()).containsOnlyKeys("firstKey1", "secondKey");
        assertThat(w.accounts().byAccessKey().get("firstKey1").defaultTopicPerm())
            .as("conf/acl/ is read first: its definition of a repeated key wins, as in RocketMQ").isEqualTo(PlainPermission.DENY);

        Files.delete(extra);
        assertThat(w.poll()).isTrue();
        assertThat(w.accounts().byAccessKey()).containsOnlyKeys("firstKey1");
        assertThat(w.accounts().byAccessKey().get("firstKey1").defaultTopicPerm()).isEqualTo(PlainPermission.SUB);
    }

    @Test
    void aBadFileAtStartStopsTheBrokerAndTheFilePropertyIsHonoured() throws Exception {
        write(home.resolve("conf/other_acl.yml"), "accounts: {}", 1);
        PlainAclWatcher w = new PlainAclWatcher(home, "conf/other_acl.yml");
        assertThat(w.defaultFile()).isEqualTo(home.resolve("conf/other_acl.yml"));
        assertThatThrownBy(w::load).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("other_acl.yml cannot be used: accounts must be a list");
    }

    static String account(String key, String topicPerm) {
        return "accounts:\n  - accessKey: " + key + "\n    secretKey: secret-of-" + key + "\n    defaultTopicPerm: "
            + topicPerm + "\n";
    }

    /** Writes and sets a distinct modification time, so the change is seen whatever the file system's resolution. */
    static void write(Path p, String text, int version) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(p, FileTime.fromMillis(1_700_000_000_000L + version * 10_000L));
    }
}
