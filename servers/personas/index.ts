/**
 * The four personas: whole conforming servers at the edges of what the documents allow, written from the seeds by
 * someone other than the checks' author. `lenient` takes every open choice in the most permissive and minimal way;
 * `strict` refuses what no sentence says to accept; `frameworks` does what popular web frameworks do by default (JSON:API
 * serializers, Django REST framework, Spring Boot, an identity provider's tokens) wherever the documents are silent;
 * `alternate` takes, wherever a sentence allows more than one answer, a lawful answer the reference server does not take
 * (written blind, from the documents and the readings alone). Each serves RM v2 (servers/personas/rm/) and HR core /
 * Learning v3 with a token endpoint (servers/personas/v3/) on its own loopback ports, and hands back the INTERFACE.md
 * variables that point the suite at it.
 */
import { startRmPersona } from './rm';
import { startV3Persona } from './v3';

export const PERSONAS = ['lenient', 'strict', 'frameworks', 'alternate'] as const;
export type PersonaName = (typeof PERSONAS)[number];

export interface RunningPersona {
  name: PersonaName;
  /** The INTERFACE.md variables of both APIs. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export function isPersonaName(name: string): name is PersonaName {
  return (PERSONAS as readonly string[]).includes(name);
}

export async function startPersona(name: PersonaName): Promise<RunningPersona> {
  const rm = await startRmPersona(name);
  const v3 = await startV3Persona(name).catch(async (error: unknown) => {
    await rm.close();
    throw error;
  });
  return {
    name,
    env: { ...rm.env, ...v3.env },
    close: async () => {
      await Promise.all([rm.close(), v3.close()]);
    },
  };
}
