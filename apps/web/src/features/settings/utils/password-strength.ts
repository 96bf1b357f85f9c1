import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@reach/contract/constants';

export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: string; color: string; hint: string };

/**
 * A rough, friendly estimate of how hard a password is to guess: length first, then variety of characters.
 * Advice only; the server enforces the 8–128 rule and refuses common passwords.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) {
    return {
      score: 0,
      label: '',
      color: 'gray',
      hint: `Use ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters.`,
    };
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    const more = PASSWORD_MIN_LENGTH - password.length;
    return {
      score: 0,
      label: 'Too short',
      color: 'red',
      hint: `Add ${more} more ${more === 1 ? 'character' : 'characters'}.`,
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      score: 0,
      label: 'Too long',
      color: 'red',
      hint: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
    };
  }
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const repetitive = /^(.)\1+$/.test(password) || new Set(password).size <= 3;
  let points = (password.length >= 12 ? 2 : password.length >= 10 ? 1 : 0) + Math.max(0, classes - 1);
  if (repetitive) points = 0;
  if (points <= 1) {
    return {
      score: 1,
      label: 'Weak',
      color: 'red',
      hint: 'Make it longer or mix in capitals, digits and symbols.',
    };
  }
  if (points === 2) {
    return {
      score: 2,
      label: 'Fair',
      color: 'orange',
      hint: 'A few more characters would make it stronger.',
    };
  }
  if (points === 3) return { score: 3, label: 'Good', color: 'yellow', hint: 'Good. Longer is even better.' };
  return { score: 4, label: 'Strong', color: 'teal', hint: 'Strong password.' };
}
