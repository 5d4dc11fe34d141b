/**
 * The bounds on a skill, its files and an imported archive (lib/skills/README.md, "Limits"), shared
 * by the server, which enforces them, and the studio, which states them. Browser-safe.
 */

/** SKILL.md itself, in UTF-8 bytes. */
export const MAX_SKILL_MD_BYTES = 256 * 1024;
/** One resource file, in UTF-8 bytes. */
export const MAX_SKILL_FILE_BYTES = 512 * 1024;
/** Resource files of one skill (SKILL.md not counted). */
export const MAX_SKILL_FILES = 200;
/** SKILL.md and every resource of one skill together, in bytes. */
export const MAX_SKILL_TOTAL_BYTES = 4 * 1024 * 1024;
/** A resource path, in UTF-8 bytes. */
export const MAX_SKILL_PATH_BYTES = 512;
/** The uploaded archive itself (compressed), in bytes. */
export const MAX_ARCHIVE_BYTES = 16 * 1024 * 1024;
/** Every file of an archive once unpacked, in bytes (a zip bomb stops here). */
export const MAX_ARCHIVE_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Entries (files and folders) in one archive. */
export const MAX_ARCHIVE_ENTRIES = 2000;
/** Skills in one archive. */
export const MAX_ARCHIVE_SKILLS = 50;
/** What `read_skill_resource` returns of one file, in characters (the rest is cut with a note). */
export const MAX_RESOURCE_READ_CHARS = 100_000;
/** A skill's description (the seed's and the open format's bound). */
export const MAX_SKILL_DESCRIPTION_CHARS = 1024;
/** `compatibility`, when given. */
export const MAX_SKILL_COMPATIBILITY_CHARS = 500;
