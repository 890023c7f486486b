/** The admin panel's tools, as the `herramienta` query parameter names them. */
export const ADMIN_TOOLS = ['profesionales', 'ordenes', 'profesiones', 'disputas', 'conversaciones'] as const;
export type AdminTool = (typeof ADMIN_TOOLS)[number];

export const TOOL_PARAM = 'herramienta';

export function parseTool(value: string | null): AdminTool | null {
  return (ADMIN_TOOLS as readonly string[]).includes(value ?? '') ? (value as AdminTool) : null;
}
