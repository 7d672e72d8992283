package dev.petrel.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.URLDecoder;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md is generated from the code; this fails when someone forgot to regenerate it, when a
 * component's {@link ConfigDef} has a key no section of the reference shows, and when main code reads a JVM system
 * property or environment variable itself instead of through a {@link ConfigKey}.
 */
class ConfigReferenceTest {

    private static final Path ROOT = Path.of("..");
    private static final Path DOC = ROOT.resolve("docs").resolve("configuration.md");

    /** Properties that are not configuration: the JVM's own, and what bin/petrel hands its launcher. */
    /**
     * Reads that are not configuration: the JVM's own places, the launcher's logging controls, and the whole
     * environment handed to the command-line tools (whose keys, such as NAMESRV_ADDR, are ConfigKeys).
     */
    private static final Set<String> NOT_CONFIGURATION = Set.of("user.home", "java.home", "java.io.tmpdir", "petrel.log.dir",
        "petrel.role", "petrel.console.level", "");
    private static final Pattern PROPERTY_READ = Pattern.compile(
        "(System\\.getProperty|System\\.getenv|Integer\\.getInteger|Long\\.getLong|Boolean\\.getBoolean)\\(\\s*([^,)]*)");

    @Test
    void theCommittedReferenceIsTheGeneratedOne() throws IOException {
        String generated = ConfigReference.render();
        if (Boolean.getBoolean("petrel.regenerateDocs")) {
            Files.writeString(DOC, generated, StandardCharsets.UTF_8);
        }
        String committed = Files.exists(DOC) ? Files.readString(DOC, StandardCharsets.UTF_8) : "";
        assertThat(committed)
            .as("docs/configuration.md is out of date. Regenerate it with:%n  mvn -B -q -pl petrel-server -am test "
                + "-Dtest=ConfigReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dpetrel.regenerateDocs=true%n")
            .isEqualTo(generated);
    }

    @Test
    void everyPropertyHasADocAndEverySectionATable() {
        for (ConfigReference.Section section : ConfigReference.SECTIONS) {
            assertThat(section.definition().keys()).isNotEmpty();
            section.definition().keys().forEach(key -> assertThat(key.doc()).as(key.name()).isNotBlank());
        }
        assertThat(ConfigReference.render()).contains("| `listenPort` | Integer | `9876` |")
            .contains("| `brokerChannelExpiredTimeMillis` | Long | `120000` |")
            .contains("| `instanceName` | String | `DEFAULT`, or `-Drocketmq.client.name` |")
            .contains("| `namesrvAddr` | String | (unset), or `-Drocketmq.namesrv.addr`, or `$NAMESRV_ADDR` |")
            .contains("| `clientCallbackExecutorThreads` | Integer | `number of cores` |");
    }

    /**
     * Finds every public static {@link ConfigDef} of Petrel's main classes on the class path (each component's
     * definition, and the combinations built from them) and checks that each of their keys is in some section.
     */
    @Test
    void everyKeyOfEveryComponentIsInTheReference() throws Exception {
        Set<ConfigKey<?>> documented = Collections.newSetFromMap(new IdentityHashMap<>());
        ConfigReference.SECTIONS.forEach(s -> documented.addAll(s.definition().keys()));
        List<String> definitions = new ArrayList<>();
        Set<String> missing = new TreeSet<>();
        for (Class<?> type : petrelMainClasses()) {
            for (Field field : type.getDeclaredFields()) {
                int m = field.getModifiers();
                if (field.getType() != ConfigDef.class || !Modifier.isStatic(m) || !Modifier.isPublic(m)) {
                    continue;
                }
                ConfigDef def = (ConfigDef) field.get(null);
                definitions.add(type.getSimpleName() + "." + field.getName());
                for (ConfigKey<?> key : def.keys()) {
                    if (!documented.contains(key)) {
                        missing.add(key.name() + " (" + type.getName() + "." + field.getName() + ")");
                    }
                }
            }
        }
        assertThat(definitions).as("the scan found the components' definitions")
            .contains("BrokerConfig.FILE", "ClientConfig.DEFINITION", "ProducerConfig.DEFINITION",
                "RemotingClientConfig.DEFINITION", "NamesrvConfig.OWN");
        assertThat(missing).as("keys that ConfigReference.SECTIONS does not show; add their component's section").isEmpty();
    }

    /** A property read outside ConfigKey is invisible to the reference: every key goes through a ConfigKey. */
    @Test
    void noMainCodeReadsAPropertyBehindTheReferencesBack() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(p -> p.getFileName().toString().startsWith("petrel-")).toList()) {
                Path main = module.resolve("src/main/java");
                if (!Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(main)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        if (file.getFileName().toString().equals("ConfigKey.java")) {
                            continue;
                        }
                        Matcher m = PROPERTY_READ.matcher(Files.readString(file, StandardCharsets.UTF_8));
                        while (m.find()) {
                            String argument = m.group(2).trim().replace("\"", "");
                            if (!NOT_CONFIGURATION.contains(argument)) {
                                found.add(ROOT.relativize(file) + ": " + m.group(1) + "(" + m.group(2).trim() + ")");
                            }
                        }
                    }
                }
            }
        }
        assertThat(found).as("declare these as ConfigKeys (orSystemProperty / orEnvironmentVariable) in the "
            + "component's *Config class").isEmpty();
    }

    /** Every class under dev/petrel in the main output (directories or jars) of the modules on the class path. */
    private static List<Class<?>> petrelMainClasses() throws IOException, ClassNotFoundException {
        List<String> names = new ArrayList<>();
        ClassLoader loader = ConfigReferenceTest.class.getClassLoader();
        for (URL root : Collections.list(loader.getResources("dev/petrel"))) {
            String where = root.toString();
            if (where.contains("test-classes") || where.contains("-tests.jar")) {
                continue;
            }
            if (root.getProtocol().equals("file")) {
                Path dir = Path.of(URI.create(where));
                Path base = dir.getParent().getParent();
                try (Stream<Path> files = Files.walk(dir)) {
                    files.filter(f -> f.toString().endsWith(".class"))
                        .forEach(f -> names.add(base.relativize(f).toString().replace(File.separatorChar, '/')));
                }
            } else if (root.getProtocol().equals("jar")) {
                String jar = where.substring("jar:file:".length(), where.indexOf("!/"));
                try (JarFile file = new JarFile(URLDecoder.decode(jar, StandardCharsets.UTF_8))) {
                    file.stream().map(JarEntry::getName).filter(n -> n.startsWith("dev/petrel/") && n.endsWith(".class"))
                        .forEach(names::add);
                }
            }
        }
        List<Class<?>> out = new ArrayList<>();
        for (String n : new TreeSet<>(names)) {
            out.add(Class.forName(n.substring(0, n.length() - ".class".length()).replace('/', '.'), false, loader));
        }
        return out;
    }
}
