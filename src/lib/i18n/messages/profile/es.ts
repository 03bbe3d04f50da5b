import type { ProfileMessages } from './en.ts';

// The Spanish messages of the profile page: name, contact data, e-mail change and password change; keys and placeholders mirror en.ts.
export const esProfile: ProfileMessages = {
  'profile.intro': 'Sesión iniciada como {{name}} ({{email}}), número de cliente {{customernum}}.',
  'profile.details': 'Nombre y datos de contacto',
  'profile.company': 'Empresa',
  'profile.phone': 'Teléfono',
  'profile.save': 'Guardar datos',
  'profile.saved': 'Sus datos se han guardado.',
  'profile.emailTitle': 'Dirección de correo electrónico',
  'profile.currentEmail': 'Dirección de correo electrónico actual',
  'profile.newEmail': 'Nueva dirección de correo electrónico',
  'profile.currentPassword': 'Contraseña actual',
  'profile.emailHint':
    'Enviaremos un enlace de confirmación a la nueva dirección. El cambio solo será válido, también para iniciar sesión, cuando abra ese enlace.',
  'profile.emailSubmit': 'Cambiar dirección de correo',
  'profile.emailSent':
    'Confirme la nueva dirección: abra el enlace que le hemos enviado. Es válido durante 24 horas. Hasta entonces seguirá iniciando sesión con su dirección actual.',
  'profile.passwordTitle': 'Contraseña',
  'profile.newPassword': 'Nueva contraseña',
  'profile.repeatPassword': 'Repetir la nueva contraseña',
  'profile.passwordSubmit': 'Cambiar contraseña',
  'profile.passwordChanged':
    'Su contraseña se ha cambiado. Aquí sigue con la sesión iniciada; se han cerrado todas las demás sesiones.',
  'profile.formErrors': 'Corrija los campos marcados.',
  'profile.error.sameEmail': 'Esta ya es su dirección de correo electrónico',
  'profile.error.passwordMismatch': 'Las contraseñas no coinciden',
  'profile.error.wrongPassword': 'La contraseña actual no es correcta.',
  'profile.error.tooManyAttempts': 'Demasiados intentos. Vuelva a intentarlo dentro de unos minutos.',
  'profile.confirm.title': 'Confirmar dirección de correo electrónico',
  'profile.confirm.question':
    '¿Usar {{email}} como dirección de correo electrónico de su cuenta de cliente? A partir de entonces iniciará sesión con ella.',
  'profile.confirm.submit': 'Confirmar dirección de correo',
  'profile.confirm.done':
    'Su dirección de correo electrónico es ahora {{email}}. Úsela a partir de ahora para iniciar sesión.',
  'profile.confirm.used': 'Este enlace ya se ha utilizado.',
  'profile.confirm.expired': 'Este enlace ha caducado. Vuelva a solicitar el cambio en su perfil.',
  'profile.confirm.unknown':
    'Este enlace no es válido. Utilice el enlace completo del correo o vuelva a solicitar el cambio en su perfil.',
  'profile.confirm.taken':
    'Esta dirección de correo electrónico pertenece ahora a otra cuenta de cliente y no puede usarse para la suya. No se ha cambiado nada.',
  'profile.confirm.toProfile': 'Ir a mi perfil',
  'profile.confirm.toShop': 'Ir a la tienda',
};
