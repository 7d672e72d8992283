import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Fails the build when a test class was not executed: every class under {@code target/test-classes} that declares or
 * inherits a JUnit or jqwik test method must have a surefire report written by this build (after its start, and after
 * the class was compiled), so a report left by an earlier run does not count. Surefire's name
 * patterns, a class that JUnit does not see as a test (a non-static inner class without {@code @Nested}, say) or a
 * misconfigured fork would otherwise drop tests without a word.
 *
 * <p>Run by the root pom in every module's {@code verify} phase as a single-file Java program ({@code java -cp <test
 * class path> EveryTestRanCheck.java ...}), so it needs no module of its own and no install. It does nothing when
 * tests were skipped or a subset was chosen with {@code -Dtest}. Arguments, each {@code --name=value}:
 * {@code classes} (test classes directory), {@code reports} (surefire reports directory), {@code excludedGroups}
 * (surefire's, comma-separated: classes and methods tagged so are not expected), {@code test}, {@code skipTests},
 * {@code skip} (the same-named Maven properties; an unresolved {@code ${...}} counts as unset), {@code since} (the
 * build's start, {@code maven.build.timestamp} in its default ISO form).
 */
public final class EveryTestRanCheck {

    /** Annotations (or meta-annotations) that make a method a test for JUnit Jupiter or jqwik. */
    private static final Set<String> TEST_ANNOTATIONS = Set.of(
        "org.junit.jupiter.api.Test",
        "org.junit.jupiter.api.RepeatedTest",
        "org.junit.jupiter.api.TestFactory",
        "org.junit.jupiter.api.TestTemplate",
        "org.junit.jupiter.params.ParameterizedTest",
        "net.jqwik.api.Property",
        "net.jqwik.api.Example");
    private static final String TAG = "org.junit.jupiter.api.Tag";
    private static final String TAGS = "org.junit.jupiter.api.Tags";
    private static final Pattern CLASS_NAME = Pattern.compile("<testcase\\b[^>]*?\\bclassname=\"([^\"]+)\"");
    private static final Pattern SUITE_NAME = Pattern.compile("<testsuite\\b[^>]*?\\bname=\"([^\"]+)\"");

    private EveryTestRanCheck() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("expected --name=value, got " + a);
            }
            String value = a.substring(eq + 1).trim();
            opts.put(a.substring(2, eq), value.contains("${") ? "" : value);
        }
        String prefix = "[every-test-ran] ";
        if (isTrue(opts.get("skipTests")) || isTrue(opts.get("skip"))) {
            System.out.println(prefix + "tests skipped: nothing to check");
            return;
        }
        if (!opts.getOrDefault("test", "").isEmpty()) {
            System.out.println(prefix + "-Dtest chose a subset: nothing to check");
            return;
        }
        Path classes = Path.of(opts.get("classes"));
        if (!Files.isDirectory(classes)) {
            return;
        }
        Set<String> excludedGroups = new HashSet<>();
        for (String g : opts.getOrDefault("excludedGroups", "").split(",")) {
            if (!g.isBlank()) {
                excludedGroups.add(g.trim());
            }
        }
        Map<String, FileTime> compiled = testClasses(classes, excludedGroups);
        Map<String, FileTime> reported = reports(Path.of(opts.get("reports")));
        FileTime since = buildStart(opts.getOrDefault("since", ""));
        List<String> missing = new ArrayList<>();
        compiled.forEach((name, when) -> {
            FileTime report = reported.get(name);
            if (report == null || report.compareTo(when) < 0 || report.compareTo(since) < 0) {
                missing.add(name);
            }
        });
        if (!missing.isEmpty()) {
            missing.sort(null);
            System.err.println(prefix + missing.size() + " test class(es) of " + compiled.size()
                + " were not executed by surefire (no report in " + opts.get("reports") + " from this build):");
            missing.forEach(m -> System.err.println(prefix + "  " + m));
            System.err.println(prefix + "check surefire's <includes>, the class's visibility and @Nested, or tag it "
                + "with an excluded group if another test runs it");
            System.exit(1);
        }
        System.out.println(prefix + compiled.size() + " test classes, all executed");
    }

    /** The build's start, or the epoch if unknown (then only the class file's time counts). */
    private static FileTime buildStart(String iso) {
        try {
            return FileTime.from(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return FileTime.from(Instant.EPOCH);
        }
    }

    /** Maven's boolean properties ({@code -DskipTests} alone sets "true"). */
    private static boolean isTrue(String value) {
        return "true".equals(value);
    }

    /** Every concrete class with a test method that is not excluded by group, with its class file's time. */
    private static Map<String, FileTime> testClasses(Path root, Set<String> excludedGroups) throws IOException {
        ClassLoader loader = EveryTestRanCheck.class.getClassLoader();
        Map<String, FileTime> out = new HashMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).toList();
        }
        for (Path file : files) {
            String rel = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
            String name = rel.substring(0, rel.length() - ".class".length());
            if (name.endsWith("module-info") || name.endsWith("package-info")) {
                continue;
            }
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("cannot load test class " + name + " to inspect it: " + e, e);
            }
            if (isTestClass(type, excludedGroups)) {
                out.put(type.getName(), Files.getLastModifiedTime(file));
            }
        }
        return out;
    }

    private static boolean isTestClass(Class<?> type, Set<String> excludedGroups) {
        int mods = type.getModifiers();
        if (type.isInterface() || type.isAnnotation() || type.isEnum() || type.isAnonymousClass() || type.isLocalClass()
            || type.isSynthetic() || Modifier.isAbstract(mods) || isExcluded(type.getAnnotations(), excludedGroups)) {
            return false;
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c != type && isExcluded(c.getDeclaredAnnotations(), excludedGroups)) {
                return false;
            }
            if (hasTestMethod(c, excludedGroups)) {
                return true;
            }
            for (Class<?> i : c.getInterfaces()) {
                if (hasTestMethod(i, excludedGroups)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasTestMethod(Class<?> c, Set<String> excludedGroups) {
        Method[] methods;
        try {
            methods = c.getDeclaredMethods();
        } catch (LinkageError e) {
            throw new IllegalStateException("cannot read the methods of " + c.getName() + ": " + e, e);
        }
        for (Method m : methods) {
            Annotation[] annotations = m.getDeclaredAnnotations();
            if (isTest(annotations, new HashSet<>()) && !isExcluded(annotations, excludedGroups)) {
                return true;
            }
        }
        return false;
    }

    /** True if one of the annotations is a test annotation or is (transitively) meta-annotated with one. */
    private static boolean isTest(Annotation[] annotations, Set<String> visited) {
        for (Annotation a : annotations) {
            String name = a.annotationType().getName();
            if (TEST_ANNOTATIONS.contains(name)) {
                return true;
            }
            if (!name.startsWith("java.lang.") && visited.add(name)
                && isTest(a.annotationType().getDeclaredAnnotations(), visited)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isExcluded(Annotation[] annotations, Set<String> excludedGroups) {
        if (excludedGroups.isEmpty()) {
            return false;
        }
        for (Annotation a : annotations) {
            String name = a.annotationType().getName();
            if (name.equals(TAG) && excludedGroups.contains(value(a))) {
                return true;
            }
            if (name.equals(TAGS)) {
                for (Annotation t : (Annotation[]) invoke(a)) {
                    if (excludedGroups.contains(value(t))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static String value(Annotation a) {
        return (String) invoke(a);
    }

    private static Object invoke(Annotation a) {
        try {
            return a.annotationType().getMethod("value").invoke(a);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Classes named in the surefire reports (suites and test cases), each with the newest report's time. */
    private static Map<String, FileTime> reports(Path dir) throws IOException {
        Map<String, FileTime> out = new HashMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith("TEST-") && n.endsWith(".xml");
            }).toList();
        }
        for (Path file : files) {
            FileTime when = Files.getLastModifiedTime(file);
            String xml = Files.readString(file);
            Set<String> names = new TreeSet<>();
            for (Pattern p : List.of(CLASS_NAME, SUITE_NAME)) {
                Matcher m = p.matcher(xml);
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
            for (String n : names) {
                out.merge(n, when, (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
        }
        return out;
    }
}
