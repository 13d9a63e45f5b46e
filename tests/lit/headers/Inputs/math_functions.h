// math_functions.h: the project's own header of a name CUDA also uses (input of own_header_same_name.cu).
double mean(const double *v, int n);
