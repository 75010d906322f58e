import { defaultConfig, type SystemStyleObject } from '@chakra-ui/react';

type Variants = Record<string, string | boolean>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A deep merge of style objects, later ones winning, as Chakra merges a recipe's parts. */
export function mergeCss(...parts: (SystemStyleObject | undefined)[]): SystemStyleObject {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part ?? {})) {
      out[k] = isObject(v) && isObject(out[k]) ? mergeCss(out[k] as never, v as never) : v;
    }
  }
  return out as SystemStyleObject;
}

type Recipe<S> = {
  base?: S;
  variants?: Record<string, Record<string, S>>;
  defaultVariants?: Variants;
  compoundVariants?: ({ css: S } & Record<string, unknown>)[];
};

/** A recipe's base, each chosen (or default) variant and the matching compound variants, in Chakra's order. */
function compose<S>(
  recipe: Recipe<S>,
  variants: Variants,
  part: (s: S | undefined) => SystemStyleObject | undefined,
) {
  const chosen: Variants = { ...recipe.defaultVariants, ...variants };
  const matches = (c: Record<string, unknown>) =>
    Object.entries(c).every(
      ([k, v]) => k === 'css' || (Array.isArray(v) ? v.includes(chosen[k]) : v === chosen[k]),
    );
  return mergeCss(
    part(recipe.base),
    ...Object.entries(chosen).map(([k, v]) => part(recipe.variants?.[k]?.[String(v)])),
    ...(recipe.compoundVariants ?? []).filter(matches).map((c) => part(c.css)),
  );
}

function recipeOf<S>(kind: 'recipes' | 'slotRecipes', name: string) {
  const recipes = defaultConfig.theme?.[kind] as Record<string, Recipe<S>> | undefined;
  const recipe = recipes?.[name];
  if (!recipe) throw new Error(`recipe-css: Chakra has no ${kind} "${name}"`);
  return recipe;
}

/**
 * The styles Chakra's theme gives a component with these variants, for the class styles of plain
 * elements that look like it (app/class-styles.ts). Built by Node, so the whole default theme it
 * reads never reaches the browser.
 */
export function recipeCss(name: string, variants: Variants = {}): SystemStyleObject {
  return compose(recipeOf<SystemStyleObject>('recipes', name), variants, (s) => s);
}

/** The same for one part (slot) of a multi-part component. */
export function slotRecipeCss(name: string, slot: string, variants: Variants = {}): SystemStyleObject {
  const recipe = recipeOf<Record<string, SystemStyleObject>>('slotRecipes', name);
  return compose(recipe, variants, (s) => s?.[slot]);
}
