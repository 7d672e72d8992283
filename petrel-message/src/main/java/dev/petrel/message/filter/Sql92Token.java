package dev.petrel.message.filter;

/**
 * One token of an SQL92 selector: its kind, its exact source text and the 0-based offset of its first character.
 *
 * @param kind what the token is
 * @param text the characters as written (a string literal keeps its quotes, a keyword its case)
 * @param offset 0-based index of the first character in the expression
 */
record Sql92Token(Kind kind, String text, int offset) {

    /** Token kinds. Keywords are matched case-insensitively, like RocketMQ's selector. */
    enum Kind {
        END("the end of the expression"),
        IDENTIFIER("property name"),
        STRING("string literal"),
        INTEGER("number"),
        FLOAT("number"),
        NOT("keyword"), AND("keyword"), OR("keyword"), BETWEEN("keyword"), IN("keyword"), TRUE("keyword"),
        FALSE("keyword"), NULL("keyword"), IS("keyword"), CONTAINS("keyword"), STARTSWITH("keyword"),
        ENDSWITH("keyword"),
        EQ("operator"), NE("operator"), GT("operator"), GE("operator"), LT("operator"), LE("operator"),
        LPAREN("parenthesis"), RPAREN("parenthesis"), COMMA("comma"), PLUS("operator"), MINUS("operator");

        private final String category;

        Kind(String category) {
            this.category = category;
        }

        boolean isKeyword() {
            return "keyword".equals(category);
        }
    }

    /** How an error message names this token, e.g. {@code keyword AND}, {@code number 5}, {@code '>'}. */
    String describe() {
        switch (kind) {
            case END:
                return kind.category;
            case IDENTIFIER:
            case INTEGER:
            case FLOAT:
                return kind.category + " " + text;
            case STRING:
                return kind.category + " " + FilterError.excerpt(text, 40);
            default:
                return kind.isKeyword() ? "keyword " + text.toUpperCase(java.util.Locale.ROOT) : "'" + text + "'";
        }
    }
}
