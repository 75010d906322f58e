// The server's entry: the module hooks first, then everything else.
import './module-hooks.ts';

await import('./start.ts');
