/* dama-pdn-names.c: variants by the names PDN files give them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-reader.h"

#include <ctype.h>
#include <string.h>

typedef struct
{
  const char *name;
  const char *id;
} VariantName;

/* Names are compared after dropping case, spaces, dashes, underscores
 * and the word "draughts"/"checkers", so "Russian draughts" is "russian". */
static const VariantName variant_names[] = {
  { "czech", "czech" },
  { "ceskadama", "czech" },
  { "českádáma", "czech" },
  { "dama", "czech" },
  { "czech8", "czech-8" },
  { "czech8men", "czech-8" },
  /* Žravá dáma is the 8-man game of seed 001 §7; our own files name the
   * 12-man form by its id, czech-giveaway, which is looked up first. */
  { "czechgiveaway", "czech-giveaway-8" },
  { "czechgiveaway8", "czech-giveaway-8" },
  { "czechgiveaway12", "czech-giveaway" },
  { "zravadama", "czech-giveaway-8" },
  { "žravádáma", "czech-giveaway-8" },
  { "Žravádáma", "czech-giveaway-8" },
  { "english", "english" },
  { "american", "english" },
  { "englishamerican", "english" },
  { "straight", "english" },
  { "german", "german" },
  { "dame", "german" },
  { "shortking", "german" },
  { "spanish", "spanish" },
  { "damasespanolas", "spanish" },
  { "russian", "russian" },
  { "shashki", "russian" },
  { "russiangiveaway", "russian-giveaway" },
  { "poddavki", "russian-giveaway" },
  { "giveaway", "russian-giveaway" },
  { "pool", "pool" },
  { "americanpool", "pool" },
  { "international", "international" },
  { "brazilian", "brazilian" },
  { "turkish", "turkish" },
  { "turkdamasi", "turkish" },
};

static void
normalise_name (const char *name,
                char       *out,
                size_t      size)
{
  size_t n = 0;

  for (const char *p = name; *p != '\0' && n + 1 < size; p++)
    {
      unsigned char c = (unsigned char) *p;

      if (c == ' ' || c == '-' || c == '_' || c == '\t')
        continue;
      out[n++] = (char) (c < 0x80 ? tolower (c) : c);
    }
  out[n] = '\0';

  /* "russiandraughts" → "russian" */
  for (size_t i = 0; i < 2; i++)
    {
      const char *suffix = i == 0 ? "draughts" : "checkers";
      size_t len = strlen (suffix);

      if (n > len && strcmp (out + n - len, suffix) == 0)
        out[n - len] = '\0';
    }
}

const DamaVariant *
dama_pdn_variant_from_name (const char *name)
{
  char key[64];
  const DamaVariant *variant;

  if (name == NULL)
    return NULL;
  variant = dama_variant_find (name);
  if (variant != NULL)
    return variant;

  normalise_name (name, key, sizeof key);
  for (size_t i = 0; i < sizeof variant_names / sizeof variant_names[0]; i++)
    if (strcmp (variant_names[i].name, key) == 0)
      return dama_variant_find (variant_names[i].id);
  return NULL;
}
