import type { RegistrationMessages } from './en.ts';

// The Spanish messages of registration by activation link and of the password rules; keys and placeholders mirror en.ts.
export const esRegistration: RegistrationMessages = {
  'registration.sent':
    'Revise su correo electrónico para activar su cuenta. Hemos enviado un enlace a la dirección indicada; es válido durante 24 horas.',
  'registration.activate.title': 'Activar su cuenta',
  'registration.activate.question': '¿Activar la cuenta de cliente de {{email}}?',
  'registration.activate.submit': 'Activar cuenta',
  'registration.activate.done': 'Su cuenta de cliente está activa y ha iniciado sesión.',
  'registration.activate.toAccount': 'Ir a mi cuenta',
  'registration.activate.password': 'Contraseña',
  'registration.activate.passwordHint':
    'La contraseña que eligió al registrarse o al solicitar la cuenta con su pedido.',
  'registration.activate.wrongPassword':
    'Esta no es la contraseña elegida para este registro. Si ya no la recuerda, simplemente regístrese de nuevo: el enlace del nuevo correo sustituye a este.',
  'registration.activate.replaced':
    'Este enlace de activación ha sido sustituido: la dirección se ha vuelto a registrar desde entonces. Utilice el enlace del correo más reciente.',
  'registration.activate.unknown': 'Este enlace de activación no es válido. Regístrese de nuevo.',
  'registration.activate.used': 'Este enlace de activación ya se ha utilizado. Inicie sesión.',
  'registration.activate.expired': 'Este enlace de activación ha caducado. Regístrese de nuevo.',
  'registration.activate.taken':
    'Ya existe una cuenta de cliente con esta dirección de correo electrónico. Inicie sesión o restablezca la contraseña si no la conoce.',
  'validation.passwordTooLong': 'La contraseña debe tener como máximo 128 caracteres',
  'validation.passwordTooCommon': 'Esta contraseña es demasiado común. Elija otra.',
  'validation.passwordIsEmail': 'La contraseña no puede ser su dirección de correo electrónico.',
  'server.SERVER_BUSY': 'La tienda está muy ocupada en este momento. Inténtelo de nuevo en un instante.',
};
