import { z } from 'zod';

/** Authentication type of a password login; the only type whose 401s are refreshed (spec 4, Authentication). */
export const AUTH_TYPE_PASSWORD = 1;

const deviceFields = {
  deviceUsername: z.string().trim().min(8).max(100),
  devicePassword: z.string().min(16).max(200),
  deviceName: z.string().trim().min(1).max(100),
};

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  deviceType: z.string().trim().min(1).max(30),
  ...deviceFields,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string().min(1),
  pin: z.string().regex(/^\d{4}$/).nullable(),
  firstLogin: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  devicePassword: deviceFields.devicePassword,
  token: z.string().min(1).max(4000),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({ token: z.string().min(1) });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** The payload of the sign-in token (spec 3, Token data). */
export const tokenDataSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  device_username: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  authentication_type: z.number().int(),
  exp: z.number().optional(),
});
export type TokenData = z.infer<typeof tokenDataSchema>;
