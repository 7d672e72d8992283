package dev.petrel.admin.cli;

import dev.petrel.protocol.auth.SessionCredentials;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Reads mqadmin's {@code $ROCKETMQ_HOME/conf/tools.yml} (security.md §1.1), the admin tools' ACL credentials:
 *
 * <pre>
 * accessKey: rocketmq2
 * secretKey: 12345678
 * </pre>
 *
 * As mqadmin 5.3.1: other keys are ignored, and a file where either value is missing or blank gives no credentials
 * (requests then go unsigned). Unlike mqadmin, which logs the problem and goes on unsigned, a file that is not YAML
 * or not a map is refused with a {@link UsageException} naming the file and the line, never quoting it (it holds a
 * secret). At most {@link #MAX_BYTES}; no aliases, no tags. Pure: bytes in, credentials (or null) out.
 */
final class ToolsYml {

    static final int MAX_BYTES = 64 * 1024;

    private ToolsYml() {
    }

    /**
     * @param where the file's name, for errors
     * @return the credentials, or null when the file names none
     * @throws UsageException when the file is too long, not YAML, or not a map
     */
    static SessionCredentials parse(byte[] bytes, String where) {
        if (bytes.length > MAX_BYTES) {
            throw new UsageException(where + " has " + bytes.length + " bytes; a tools.yml holds two keys "
                + "(accessKey, secretKey) and at most " + MAX_BYTES + " bytes are read");
        }
        Object root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setMaxAliasesForCollections(0);
            options.setAllowRecursiveKeys(false);
            options.setCodePointLimit(MAX_BYTES);
            options.setNestingDepthLimit(10);
            DumperOptions dumper = new DumperOptions();
            root = new Yaml(new SafeConstructor(options), new Representer(dumper), dumper, options)
                .load(new String(bytes, StandardCharsets.UTF_8));
        } catch (MarkedYAMLException e) {
            throw new UsageException(where + " is not valid YAML" + (e.getProblemMark() == null ? ""
                : " (line " + (e.getProblemMark().getLine() + 1) + ", column " + (e.getProblemMark().getColumn() + 1)
                + ")") + "; it should hold 'accessKey: AK' and 'secretKey: SK' lines");
        } catch (YAMLException | IllegalArgumentException | IllegalStateException | ArithmeticException
                 | ClassCastException e) {
            // SnakeYAML's constructors throw unchecked JDK exceptions for some malformed input (a ClassCastException
            // for a scalar tag on a collection, "!!binary [a]": found by ToolsYmlPropertyTest)
            throw new UsageException(where + " is not valid YAML; it should hold 'accessKey: AK' and 'secretKey: SK' "
                + "lines");
        }
        if (root == null) {
            return null;
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new UsageException(where + " is not a YAML map; it should hold 'accessKey: AK' and 'secretKey: SK' "
                + "lines");
        }
        String accessKey = text(map.get("accessKey"));
        String secretKey = text(map.get("secretKey"));
        if (accessKey == null || secretKey == null) {
            return null;
        }
        return new SessionCredentials(accessKey, secretKey);
    }

    /** A scalar as mqadmin's JSON view reads it (numbers and booleans as their text); blank or a collection: null. */
    private static String text(Object value) {
        if (value == null || value instanceof Map || value instanceof Iterable || value instanceof byte[]) {
            return null;
        }
        String s = value instanceof java.util.Date ? null : value.toString();
        return s == null || s.isBlank() ? null : s;
    }
}
